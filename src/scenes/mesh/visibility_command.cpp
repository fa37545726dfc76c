// racelab visibility: the course task. For every vertex p, is the way from the origin to p blocked by a
// triangle, under the chosen rule (--rule; scenes/mesh/visibility_rules.hpp)? One 0/1 line per vertex (1 =
// blocked, or 1 = visible with --visible-is-1), the counts, the time, and with --cpu the CPU reference's time,
// the labelled speed-ups (build excluded: GPU kernel vs CPU BVH query; build included: GPU LBVH build +
// kernel + download vs CPU BVH build + query) and whether both agree.
#include "scenes/mesh/visibility_command.hpp"

#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "core/atomic_file.hpp"
#include "core/errors.hpp"
#include "core/gpu_timing.hpp"
#include "core/image_io.hpp"
#include "core/labelled_ratio.hpp"
#include "core/stats.hpp"
#include "core/stopwatch.hpp"
#include "scenes/mesh/mesh_catalog.hpp"
#include "scenes/mesh/mesh_loader.hpp"
#include "scenes/mesh/mesh_reference.hpp"
#include "scenes/mesh/mesh_scene.hpp"
#include "scenes/mesh/visibility_rules.hpp"

namespace racelab::mesh {
namespace {

struct VisibilityOptions {
    std::string verts, tris, mesh, scene;
    std::string origin;  // "x,y,z", default 0,0,0
    std::string out;
    std::string variant = "good";
    std::string backend = "auto";
    int runs = 20;
    bool cpu = false;
    std::string rule = "geometric";  // scenes/mesh/visibility_rules.hpp
    std::string epsilon;             // "" keeps the rule's
    bool segment = false, ray = false;
    bool visibleIsOne = false;  // write 1 for visible instead of blocked
};

Vec3 parseOrigin(const std::string& text) {
    std::stringstream stream(text);
    std::string part;
    float v[3];
    int count = 0;
    while (std::getline(stream, part, ',')) {
        char* end = nullptr;
        float value = std::strtof(part.c_str(), &end);
        if (count >= 3 || part.empty() || *end != '\0' || !std::isfinite(value))
            throw UsageError("--origin '" + text + "' is not x,y,z with three finite numbers");
        v[count++] = value;
    }
    if (count != 3) throw UsageError("--origin '" + text + "' is not x,y,z with three finite numbers");
    return {v[0], v[1], v[2]};
}

Mesh loadInput(const VisibilityOptions& o) {
    const int sources = (!o.verts.empty() || !o.tris.empty()) + !o.mesh.empty() + !o.scene.empty();
    if (sources != 1) throw UsageError("give exactly one input: --verts and --tris, or --mesh FILE, or --scene mesh/NAME");
    if (!o.verts.empty() || !o.tris.empty()) {
        if (o.verts.empty() || o.tris.empty()) throw UsageError("--verts and --tris go together");
        return loadCsvMesh(o.verts, o.tris);
    }
    if (!o.mesh.empty()) return loadMeshFile(o.mesh);
    const std::string prefix = racelabWorkload_mesh().name + "/";
    const MeshEntry* entry = o.scene.rfind(prefix, 0) == 0 ? findMeshEntry(o.scene.substr(prefix.size())) : nullptr;
    if (!entry) throw UsageError("unknown mesh scene '" + o.scene + "' (see racelab list)");
    return loadCatalogMesh(*entry);
}

void writeFlags(const std::vector<std::uint8_t>& blocked, bool visibleIsOne, const std::string& path) {
    writeTextFileAtomically(path, [&](std::ostream& out) {
        for (std::uint8_t b : blocked) out << ((b != 0) != visibleIsOne ? "1\n" : "0\n");
    });
}

// The GPU-vs-CPU agreement line. Only the geometric rule excuses segments that graze a triangle edge (its
// float test is what the grazing analysis in CpuBvh::grazesEdge describes); writeup and margin run the same
// unfused arithmetic on both sides and must agree on every vertex.
void printAgreement(const MeshScene& scene, const CpuBvh& bvh, const VisibilityRule& rule, Vec3 origin,
                    const std::vector<std::uint8_t>& gpu, const std::vector<std::uint8_t>& cpu) {
    const bool excuseGrazing = rule.kind == VisibilityRuleKind::Geometric;
    const float tMax = rule.segment ? 1.f - static_cast<float>(rule.epsilon) : 1e30f;
    long mismatches = 0, grazing = 0;
    for (std::size_t i = 0; i < gpu.size(); ++i) {
        if (gpu[i] == cpu[i]) continue;
        const Vec3 d = scene.mesh().vertices[i] - origin;
        (excuseGrazing && bvh.grazesEdge(origin, d, 0.f, tMax) ? grazing : mismatches)++;
    }
    const char* name = visibilityRuleName(rule.kind);
    if (excuseGrazing)
        std::printf("  GPU vs CPU (rule %s): %ld of %zu vertices disagree; %ld more disagree on segments that graze a "
                    "triangle edge (either answer is right to float precision)\n", name, mismatches, gpu.size(), grazing);
    else
        std::printf("  GPU vs CPU (rule %s): %ld of %zu vertices disagree (exact agreement expected)\n", name, mismatches,
                    gpu.size());
}

int runVisibility(const VisibilityOptions& o) {
    if (o.out.empty()) throw UsageError("--out is required");
    if (o.runs <= 0) throw UsageError("--runs must be positive");
    const VisibilityRule rule = makeVisibilityRule(o.rule, o.epsilon, o.segment, o.ray);
    Mesh loaded = loadInput(o);
    const Vec3 origin = o.origin.empty() ? Vec3{0.f, 0.f, 0.f} : parseOrigin(o.origin);
    requireWritable(o.out);
    SceneOptions options;
    std::string why;
    const bool gpu = cudaUsable(&why) && o.backend != "cpu";
    if (o.backend == "cuda" && !gpu) throw UsageError("--backend cuda: " + why);
    options.backend = gpu ? Backend::Cuda : Backend::Cpu;
    const std::size_t vertexCount = loaded.vertices.size();
    const int triangles = loaded.triangleCount();
    MeshScene scene(std::move(loaded), options);
    const int variant = scene.variantIndex(o.variant);
    std::printf("visibility: %zu vertices, %d triangles, origin (%g, %g, %g)\n", vertexCount, triangles, origin.x, origin.y,
                origin.z);
    std::printf("  rule %s\n", describeVisibilityRule(rule).c_str());

    std::vector<std::uint8_t> blocked;
    double ms = 0, endToEndMs = 0;
    if (gpu) {
        CudaStream stream;
        std::vector<double> runs, endToEnd;
        for (int i = 0; i < o.runs; ++i) runs.push_back(scene.gpuVisibility(origin, variant, blocked, stream.get(), rule));
        ms = summarize(runs).p50;
        std::printf("  GPU (%s, variant %s): median %.4f ms over %d runs (kernel; LBVH build excluded: %s)\n",
                    describeCudaDevice().c_str(), o.variant.c_str(), ms, o.runs, scene.statsLine().c_str());
        if (o.cpu) {
            for (int i = 0; i < o.runs; ++i)
                endToEnd.push_back(scene.gpuVisibilityEndToEnd(origin, variant, blocked, stream.get(), rule));
            endToEndMs = summarize(endToEnd).p50;
            std::printf("  GPU end to end (%s, host clock): median %.4f ms over %d runs\n",
                        variant == 0 ? "LBVH build + kernel + download" : "kernel + download; this variant needs no LBVH",
                        endToEndMs, o.runs);
        }
    } else {
        Stopwatch cpu;
        visibilityReference(scene.mesh(), scene.cpuBvh(), origin, blocked, true, CpuMethod::Bvh, rule);
        ms = cpu.ms();
        std::printf("  CPU (BVH, OpenMP; %s): %.3f ms (BVH build included)\n", why.empty() ? "--backend cpu" : why.c_str(), ms);
    }
    long occluded = 0;
    for (std::uint8_t b : blocked) occluded += b;
    std::printf("  visible %ld, occluded %ld\n", static_cast<long>(blocked.size()) - occluded, occluded);
    if (o.cpu && gpu) {
        // The CPU BVH both ways: a fresh build + query, then the query alone on the BVH it built.
        std::vector<std::uint8_t> reference;
        Stopwatch withBuild;
        const CpuBvh bvh(scene.mesh());
        const double buildMs = withBuild.ms();
        visibilityReference(scene.mesh(), bvh, origin, reference, true, CpuMethod::Bvh, rule);
        const double bvhWithBuildMs = withBuild.ms();
        Stopwatch queryOnly;
        visibilityReference(scene.mesh(), bvh, origin, reference, true, CpuMethod::Bvh, rule);
        const double bvhMs = queryOnly.ms();
        Stopwatch brute;
        std::vector<std::uint8_t> bruteFlags;
        visibilityReference(scene.mesh(), bvh, origin, bruteFlags, true, CpuMethod::Brute, rule);
        const double bruteMs = brute.ms();
        std::printf("  CPU reference: BVH + OpenMP %.3f ms query only, %.3f ms with its build (%.3f ms); brute force + "
                    "OpenMP %.3f ms\n", bvhMs, bvhWithBuildMs, buildMs, bruteMs);
        const bool lbvh = variant == 0;
        const Likeness likeness = lbvh ? Likeness::LikeForLike : Likeness::AlgorithmAndHardware;
        const std::string gpuName = "GPU " + o.variant;
        LabelledRatio excluded{{gpuName, "kernel only", ms}, {"CPU BVH query, OpenMP", "query only", bvhMs}, likeness};
        LabelledRatio included{{gpuName, lbvh ? "LBVH build + kernel + download" : "kernel + download", endToEndMs},
                               {"CPU BVH, OpenMP", "BVH build + query", bvhWithBuildMs}, likeness};
        LabelledRatio overBrute{{gpuName, "kernel only", ms}, {"CPU brute force, OpenMP", "every segment against every triangle", bruteMs},
                            lbvh ? Likeness::AlgorithmAndHardware : Likeness::LikeForLike};
        std::printf("  GPU speed-up, build excluded: %s\n", excluded.line().c_str());
        std::printf("  GPU speed-up, build included: %s\n", included.line().c_str());
        std::printf("  GPU speed-up over brute force: %s\n", overBrute.line().c_str());
        printAgreement(scene, bvh, rule, origin, blocked, reference);  // the BVH timed above, not a second one
    }
    writeFlags(blocked, o.visibleIsOne, o.out);
    std::printf("  wrote %s (one line per vertex, 1 = %s)\n", o.out.c_str(), o.visibleIsOne ? "visible" : "blocked");
    return 0;
}

// `racelab visibility`: its options and the checks --dry-parse makes without a device.
class VisibilityCommand final : public FamilyCommandHandler {
public:
    void define(CLI::App& command) override {
        command.add_option("--verts", o_.verts, "vertices CSV: x,y,z per line");
        command.add_option("--tris", o_.tris, "triangles CSV: three 0-based vertex indices per line (as floats)");
        command.add_option("--mesh", o_.mesh, "or a mesh file: .off or .obj");
        command.add_option("--scene", o_.scene, "or a mesh scene, e.g. mesh/torus");
        command.add_option("--origin", o_.origin, "x,y,z of the origin (default 0,0,0)");
        command.add_option("--out", o_.out, "output: one 0/1 line per vertex (1 = blocked; see --visible-is-1)")
            ->required();
        command.add_option("--variant", o_.variant, "good (LBVH) | brute | bad")->capture_default_str();
        command.add_option("--backend", o_.backend, "auto | cuda | cpu")->capture_default_str();
        command.add_option("--runs", o_.runs, "GPU runs to take the median of")->capture_default_str();
        command.add_flag("--cpu", o_.cpu, "also time the CPU references (BVH and brute force) and compare");
        command.add_option("--rule", o_.rule, "geometric | writeup | margin (see Rules below)")->capture_default_str();
        command.add_option("--epsilon", o_.epsilon, "override the rule's epsilon / margin E (finite, >= 0)");
        command.add_flag("--segment", o_.segment, "bound t above: the triangle must lie between origin and vertex");
        command.add_flag("--ray", o_.ray, "no upper bound on t: anything along the ray beyond the origin blocks");
        command.add_flag("--visible-is-1", o_.visibleIsOne, "write 1 for visible, 0 for blocked");
        command.footer(visibilityRulesHelp());
    }
    void checkWithoutRunning() const override { makeVisibilityRule(o_.rule, o_.epsilon, o_.segment, o_.ray); }
    int run() override { return runVisibility(o_); }

private:
    VisibilityOptions o_;
};

}  // namespace

FamilyCommand visibilityCommand() {
    return {"visibility", "for each mesh vertex: is the segment from --origin to it blocked? (1 = blocked)",
            [] { return std::unique_ptr<FamilyCommandHandler>(std::make_unique<VisibilityCommand>()); }};
}

}  // namespace racelab::mesh
