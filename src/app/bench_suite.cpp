#include "app/bench_suite.hpp"

#include <fnmatch.h>
#include <sstream>

#include "core/errors.hpp"
#include "core/json_text.hpp"
#include "core/provenance.hpp"
#include "core/timing_recorder.hpp"

namespace racelab {

std::vector<std::string> selectPresets(const std::vector<std::string>& presets, const std::vector<std::string>& patterns) {
    if (patterns.empty()) return presets;
    for (const auto& pattern : patterns) {
        bool matched = false;
        for (const auto& name : presets) matched = matched || fnmatch(pattern.c_str(), name.c_str(), 0) == 0;
        if (!matched) {
            std::string all;
            for (const auto& name : presets) all += "\n  " + name;
            throw UsageError("--filter '" + pattern + "' matches no preset; the presets are:" + all);
        }
    }
    std::vector<std::string> out;
    for (const auto& name : presets)
        for (const auto& pattern : patterns)
            if (fnmatch(pattern.c_str(), name.c_str(), 0) == 0) {
                out.push_back(name);
                break;
            }
    return out;
}

SuiteOutcome classifySuiteError(const std::string& scene, std::exception_ptr error) {
    SuiteOutcome out;
    out.scene = scene;
    try {
        std::rethrow_exception(error);
    } catch (const MissingInputError& e) {
        out.kind = SuiteOutcome::Kind::CannotRunHere;
        out.reason = std::string("missing input: ") + e.what();
    } catch (const InsufficientMemoryError& e) {
        out.kind = SuiteOutcome::Kind::CannotRunHere;
        out.reason = std::string("too large for the free memory here: ") + e.what();
    } catch (const std::exception& e) {
        out.kind = SuiteOutcome::Kind::Failed;
        out.reason = e.what();
    } catch (...) {
        out.kind = SuiteOutcome::Kind::Failed;
        out.reason = "unknown exception";
    }
    return out;
}

std::string suiteJson(const BenchOptions& options, const std::vector<SuiteOutcome>& outcomes,
                      const std::string& command, const std::string& limitsJson) {
    std::ostringstream json;
    json << "{\n  \"format\": " << jsonQuoted(TimingRecorder::kRecordFormat) << ",\n  \"provenance\": "
         << provenanceJson(currentProvenance(), 2) << ",\n  \"command\": " << jsonQuoted(command)
         << ",\n  \"limits\": " << limitsJson << ",\n  \"suite\": {\"variant\": "
         << jsonQuoted(options.selection.variant) << ", \"present\": " << jsonQuoted(options.present)
         << ", \"backend\": " << jsonQuoted(options.selection.backend) << ", \"frames\": " << options.frames
         << ", \"warmup\": " << options.warmup << "},\n  \"runs\": [";
    bool first = true;
    for (const auto& o : outcomes) {
        if (o.kind != SuiteOutcome::Kind::Ran) continue;
        json << (first ? "\n" : ",\n") << "    {\n" << o.runFields << "\n    }";
        first = false;
    }
    json << (first ? "]" : "\n  ]");
    for (const auto kind : {SuiteOutcome::Kind::CannotRunHere, SuiteOutcome::Kind::Failed}) {
        json << ",\n  \"" << (kind == SuiteOutcome::Kind::Failed ? "failed" : "cannot_run") << "\": [";
        bool any = false;
        for (const auto& o : outcomes) {
            if (o.kind != kind) continue;
            json << (any ? ",\n" : "\n") << "    {\"scene\": " << jsonQuoted(o.scene) << ", \"reason\": " << jsonQuoted(o.reason)
                 << "}";
            any = true;
        }
        json << (any ? "\n  ]" : "]");
    }
    json << "\n}\n";
    return json.str();
}

int suiteExitCode(const std::vector<SuiteOutcome>& outcomes) {
    for (const auto& o : outcomes)
        if (o.kind == SuiteOutcome::Kind::Failed) return 1;
    return 0;
}

}  // namespace racelab
