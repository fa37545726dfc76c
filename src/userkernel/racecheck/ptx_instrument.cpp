#include "userkernel/racecheck/ptx_instrument.hpp"

#include <nlohmann/json.hpp>

#include <cctype>
#include <map>
#include <regex>
#include <sstream>
#include <utility>

#include "userkernel/racecheck/device/racelab/access_check_layout.cuh"

namespace racelab::userkernel {
namespace {

// What racelab/access_check.cuh compiles to; the rewrite calls exactly these.
const char* const kPrototypes =
    ".func (.param .b32 func_retval0) racelabAccess(.param .b64 racelabAccess_param_0, .param .b32 racelabAccess_param_1);\n"
    ".func racelabBarrier();\n"
    ".func racelabWarpSync(.param .b32 racelabWarpSync_param_0);\n"
    ".func racelabFence();\n"
    ".func racelabAcquire();\n";

// Where a wide atomic or strong load may acquire: the call to racelabAcquire goes there once the whole module
// has been read and has a fence or release that could be acquired (else the line stays a comment).
const char* const kAcquireMark = "\t// racelab: acquire\n";
const char* const kAcquireCall = "\t@%racelab_go call racelabAcquire, ();\n";

// Whether `line` holds any of `words`: a cheap test before a regular expression.
template <class... Words>
bool has(const std::string& line, const Words&... words) {
    return ((line.find(words) != std::string::npos) || ...);
}

std::string squeeze(const std::string& text) {
    std::string out;
    bool blank = false;
    for (char c : text) {
        const bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r';
        if (space && !blank && !out.empty()) out += ' ';
        if (!space) out += c;
        blank = space;
    }
    return out;
}

// The module must define racelabAccess with the signature the calls use: the compiler may change an internal
// function's parameters when all its calls agree, which racelabAccessKeep's prevent; this says if it did.
bool hasRuntime(const std::string& ptx) {
    const std::string flat = squeeze(ptx);
    return flat.find(".func (.param .b32 func_retval0) racelabAccess( .param .b64 racelabAccess_param_0, .param .b32 "
                     "racelabAccess_param_1 )") != std::string::npos &&
           flat.find(".func racelabBarrier()") != std::string::npos &&
           flat.find(".func racelabWarpSync( .param .b32 racelabWarpSync_param_0 )") != std::string::npos &&
           flat.find(".func racelabFence()") != std::string::npos && flat.find(".func racelabAcquire()") != std::string::npos;
}

struct Location {
    int file = 0, line = 0, callerFile = 0, callerLine = 0;
};

int widthOfType(const std::string& type) {
    static const std::map<std::string, int> widths{
        {"b8", 1},  {"u8", 1},  {"s8", 1},     {"b16", 2},    {"u16", 2}, {"s16", 2}, {"f16", 2}, {"bf16", 2},
        {"b32", 4}, {"u32", 4}, {"s32", 4},    {"f32", 4},    {"f16x2", 4}, {"bf16x2", 4}, {"b64", 8}, {"u64", 8},
        {"s64", 8}, {"f64", 8}, {"b128", 16}};
    const auto found = widths.find(type);
    return found == widths.end() ? 0 : found->second;
}

std::vector<std::string> split(const std::string& text, char by) {
    std::vector<std::string> parts;
    std::string part;
    std::istringstream in(text);
    while (std::getline(in, part, by)) parts.push_back(part);
    return parts;
}

struct MemoryInstruction {
    std::string guard;  // "%p1", "!%p1" or ""
    std::string body;   // the instruction without its guard and ';'
    std::string opcode;
    std::string space;  // global, shared, generic; "" when not checked
    std::string skipWhy;
    int bytes = 0;
    bool strong = false;
    bool readOnly = false;  // ld.global.nc or ldu: data the compiler knows no thread writes while the kernel runs
    std::string scope;      // of a strong access: cta, cluster, gpu or sys as written ("" where the default, gpu)
    bool release = false;   // .release or .acq_rel
    bool exchange = false;  // reads through a strong access (atom, a strong load): may acquire
    std::string base;  // a register or a symbol
    long long offset = 0;
};

// Parses `line` when it is a load, store or atomic; nullopt otherwise.
std::optional<MemoryInstruction> memoryInstruction(const std::string& line) {
    static const std::regex pattern(R"re(^\s*(@(!?%[\w$]+)\s+)?((ld|st|atom|red|ldu)(\.[\w:]+)*)\s+([^;]*);\s*(//.*)?$)re");
    const std::size_t start = line.find_first_not_of(" \t");
    if (start == std::string::npos || !(line[start] == '@' || line.compare(start, 2, "ld") == 0 ||
                                        line.compare(start, 2, "st") == 0 || line.compare(start, 3, "red") == 0 ||
                                        line.compare(start, 4, "atom") == 0))
        return std::nullopt;
    std::smatch m;
    if (!std::regex_match(line, m, pattern)) return std::nullopt;
    MemoryInstruction in;
    in.guard = m[2].str();
    in.opcode = m[3].str();
    in.body = m[3].str() + " " + m[6].str();
    const std::vector<std::string> parts = split(in.opcode, '.');
    const std::string& op = parts[0];
    int vector = 1, width = 0;
    std::string space = "generic";
    for (std::size_t i = 1; i < parts.size(); ++i) {
        const std::string& q = parts[i];
        if (q == "global" || q == "shared" || q == "shared::cta") space = q == "global" ? "global" : "shared";
        else if (q == "local" || q == "param" || q == "const" || q == "shared::cluster") space = "";
        // Strong as the memory model's atomics (cuda::atomic_ref, acquire/release) are; `volatile` is not: it only
        // keeps the compiler from caching the value, and warp-synchronous code through it still races.
        else if (q == "relaxed" || q == "acquire") in.strong = true;
        else if (q == "release" || q == "acq_rel") in.strong = in.release = true;
        else if (q == "cta" || q == "cluster" || q == "gpu" || q == "sys") in.scope = q;
        else if (q == "v2" || q == "v4" || q == "v8") vector = q[1] - '0';
        else if (q == "nc") in.readOnly = true;
        else if (const int w = widthOfType(q)) width = w;
    }
    if (space.empty()) return std::nullopt;  // a thread's own memory, parameters, constants; another block's shared memory
    in.space = space;
    in.strong = in.strong || op == "atom" || op == "red";
    in.readOnly = in.readOnly || op == "ldu";
    in.exchange = in.strong && (op == "atom" || op == "ld");
    in.bytes = vector * width;
    if (in.bytes <= 0 || in.bytes > 16) in.skipWhy = "an access of " + std::to_string(in.bytes) + " bytes";
    static const std::regex address(R"re(\[\s*([%\w$]+)\s*(\+\s*(-?\d+))?\s*\])re");
    std::smatch a;
    const std::string operands = m[6].str();
    if (!std::regex_search(operands, a, address)) {
        in.skipWhy = "an address racelab cannot read";
    } else {
        in.base = a[1].str();
        in.offset = a[3].matched ? std::stoll(a[3].str()) : 0;
    }
    return in;
}

class Rewriter {
public:
    Rewriter(const std::string& ptx, InstrumentOptions options) : ptx_(ptx), options_(options) {}

    InstrumentedPtx run() {
        if (!hasRuntime(ptx_)) {
            result_.error = "racelab's access checks (racelab/access_check.cuh) did not compile into the module as expected";
            return std::move(result_);
        }
        readFileNames();
        std::istringstream in(ptx_);
        for (std::string line; std::getline(in, line);) rewriteLine(line);
        if (plainKernels_ + plainFunctions_)
            result_.sites.notCovered.push_back("thrust's and CUB's own code, left plain: " + std::to_string(plainKernels_) +
                                               " kernels and " + std::to_string(plainFunctions_) + " functions");
        out_ << sitesVariable(result_.sites);
        result_.ptx = out_.str();
        if (result_.sites.ordersBlocks())
            for (std::size_t at = result_.ptx.find(kAcquireMark); at != std::string::npos; at = result_.ptx.find(kAcquireMark, at))
                result_.ptx.replace(at, std::string(kAcquireMark).size(), kAcquireCall);
        return std::move(result_);  // run once: the rewriter is done with it
    }

private:
    // .file lines come last: read them first.
    void readFileNames() {
        static const std::regex file(R"re(^\s*\.file\s+(\d+)\s+"([^"]*)")re");
        std::string line;
        for (std::istringstream pre(ptx_); std::getline(pre, line);) {
            std::smatch m;
            if (std::regex_search(line, m, file)) files_[std::stoi(m[1].str())] = m[2].str();
        }
    }

    // One line of the module: copied (unless a checked access takes its place), and inside a function of the
    // user's noted (registers, locations) or instrumented (barriers, accesses).
    void rewriteLine(const std::string& line) {
        noteFunctionStart(line);
        noteVariable(line);
        const int depthBefore = depth_;
        for (char c : line) depth_ += c == '{' ? 1 : c == '}' ? -1 : 0;
        // A left-plain function is counted where its body opens (its declarations end in ';' instead).
        if (pendingPlain_ && depthBefore == 0 && depth_ > 0) ++*std::exchange(pendingPlain_, nullptr);
        if (pendingPlain_ && depth_ == 0 && line.find(';') != std::string::npos) pendingPlain_ = nullptr;
        const bool inChecked = depthBefore != 0 && !skipFunction_;
        const std::optional<MemoryInstruction> access = inChecked ? memoryInstruction(line) : std::nullopt;
        if (!access || !access->skipWhy.empty() || result_.sites.sites.size() >= RACELAB_ACCESS_MAX_SITES) out_ << line << '\n';
        if (line.rfind(".address_size", 0) == 0) out_ << kPrototypes;
        if (!inChecked) return;
        if (noteDeclaration(line) || callForBarrier(line)) return;
        checkAccess(line, access);
    }

    void noteFunctionStart(const std::string& line) {
        static const std::regex function(R"re(^\s*(\.visible\s+|\.weak\s+|\.extern\s+)*\.(entry|func)\s+(\([^)]*\)\s*)?([\w$]+))re");
        std::smatch m;
        if (depth_ == 0 && has(line, ".entry", ".func") && std::regex_search(line, m, function)) {
            const std::string name = m[4].str();
            const bool toolkit = options_.toolkitPlain && (name.rfind("_ZN6thrust", 0) == 0 || name.rfind("_ZN3cub", 0) == 0);
            // The checks themselves (racelab's functions and those of its namespace, C++ names mangled), or
            // CCCL's own code, left plain.
            skipFunction_ = name.rfind("racelab", 0) == 0 || name.find("14racelab_access") != std::string::npos || toolkit;
            pendingPlain_ = toolkit ? (m[2].str() == "entry" ? &plainKernels_ : &plainFunctions_) : nullptr;
            registerWidths_.clear();
            here_ = Location{};
        }
    }

    void noteVariable(const std::string& line) {
        static const std::regex moduleVariable(R"re(^\s*(\.visible\s+|\.weak\s+)?\.global\s+(\.align\s+\d+\s+)?\.\w+\s+([\w$]+))re");
        static const std::regex sharedVariable(R"re(^\s*(\.extern\s+)?\.shared\s+(\.align\s+\d+\s+)?\.\w+\s+([\w$]+))re");
        std::smatch m;
        if (has(line, ".shared ") && std::regex_search(line, m, sharedVariable)) {
            symbolSpace_[m[3].str()] = "shared";
        } else if (has(line, ".global") && std::regex_search(line, m, moduleVariable)) {
            symbolSpace_[m[3].str()] = "global";
            // The module's own __device__ variables are buffers to check too (not racelab's tables).
            if (depth_ == 0 && m[3].str().rfind("racelab", 0) != 0) result_.sites.moduleVariables.push_back(m[3].str());
        }
    }

    // A register declaration (its width) or a source location; true when `line` was one.
    bool noteDeclaration(const std::string& line) {
        static const std::regex loc(R"re(^\s*\.loc\s+(\d+)\s+(\d+)\s+\d+(.*inlined_at\s+(\d+)\s+(\d+))?)re");
        static const std::regex reg(R"re(^\s*\.reg\s+\.(\w+)\s+%([A-Za-z_$]+)<\d+>)re");
        std::smatch m;
        if (has(line, ".reg") && std::regex_search(line, m, reg)) {
            const int w = widthOfType(m[1].str());
            registerWidths_[m[2].str()] = w ? w : (m[1].str() == "pred" ? 0 : 4);
            return true;
        }
        if (has(line, ".loc") && std::regex_search(line, m, loc)) {
            here_.file = std::stoi(m[1].str()), here_.line = std::stoi(m[2].str());
            here_.callerFile = m[3].matched ? std::stoi(m[4].str()) : 0;
            here_.callerLine = m[3].matched ? std::stoi(m[5].str()) : 0;
            return true;
        }
        return false;
    }

    // A warp sync, a block barrier or a fence, followed by the call that tells the checks (a block-scoped fence
    // tells them nothing: it orders nothing they look at); true when `line` was one.
    bool callForBarrier(const std::string& line) {
        static const std::regex barrier(R"re(^\s*(@(!?%[\w$]+)\s+)?(bar|barrier)(\.cta)?\.(sync|red)\b)re");
        static const std::regex warpSync(R"re(^\s*(@(!?%[\w$]+)\s+)?bar\.warp\.sync\s+([^;]+);)re");
        static const std::regex fence(R"re(^\s*(@(!?%[\w$]+)\s+)?(membar\.(cta|gl|sys)|fence\.(sc|acq_rel)\.(cta|cluster|gpu|sys))\s*;)re");
        std::smatch m;
        if (has(line, "bar") && std::regex_search(line, m, warpSync)) {
            const std::string mask = squeeze(m[3].str());
            ++result_.sites.warpSyncs;
            if (mask != "-1" && mask != "0xffffffff" && mask != "0xFFFFFFFF" && mask != "4294967295") ++result_.sites.partialWarpSyncs;
            out_ << "\t{\n\t.param .b32 racelab_m;\n\tst.param.b32 [racelab_m], " << mask << ";\n\t" << guardPrefix(m[2].str())
                 << "call racelabWarpSync, (racelab_m);\n\t}\n";
            return true;
        }
        if (has(line, "membar", "fence") && std::regex_search(line, m, fence)) {
            const std::string written = m[4].matched ? m[4].str() : m[6].str();
            const std::string scope = written == "cta" ? "block" : written == "cluster" ? "cluster" : written == "sys" ? "system" : "gpu";
            noteFence(scope);
            if (scope == "gpu" || scope == "system") out_ << "\t" << guardPrefix(m[2].str()) << "call racelabFence, ();\n";
            return true;
        }
        if (has(line, "bar") && std::regex_search(line, m, barrier)) {
            ++result_.sites.barriers;
            out_ << "\t" << guardPrefix(m[2].str()) << "call racelabBarrier, ();\n";
            return true;
        }
        return false;
    }

    // A memory access behind its check, or noted as not covered (an instruction the checks do not see, an
    // access they cannot read, one past the last site).
    void checkAccess(const std::string& line, const std::optional<MemoryInstruction>& access) {
        static const std::regex uncovered(R"re(^\s*(@!?%[\w$]+\s+)?(cp\.async|cp\.reduce\.async|st\.async|red\.async|multimem|tex|tld4|suld|sust)\b)re");
        std::smatch m;
        if (!access && std::regex_search(line, m, uncovered)) {
            noteUncovered(result_.sites, m[2].str() + " (copies and texture reads are not checked)", here_);
            return;
        }
        if (!access) return;
        if (!access->skipWhy.empty()) {
            noteUncovered(result_.sites, access->opcode + " (" + access->skipWhy + ")", here_);
            return;
        }
        if (result_.sites.sites.size() >= RACELAB_ACCESS_MAX_SITES) {
            noteUncovered(result_.sites, "accesses beyond the first " + std::to_string(RACELAB_ACCESS_MAX_SITES), here_);
            return;
        }
        const int site = static_cast<int>(result_.sites.sites.size());
        result_.sites.sites.push_back(siteOf(*access, here_));
        out_ << checked(*access, site);
    }

    static std::string guardPrefix(const std::string& guard) { return guard.empty() ? "" : "@" + guard + " "; }

    void noteFence(const std::string& scope) {
        FenceSite f{scope, fileName(here_.file), here_.line};
        for (const FenceSite& seen : result_.sites.fences)
            if (seen.scope == f.scope && seen.file == f.file && seen.line == f.line) return;
        result_.sites.fences.push_back(f);
    }

    // What the checks call a strong access's scope: the threads it is atomic to.
    static std::string scopeName(const MemoryInstruction& in) {
        if (!in.strong) return "";
        return in.scope == "cta" ? "block" : in.scope == "cluster" ? "cluster" : in.scope == "sys" ? "system" : "gpu";
    }

    std::string fileName(int index) const {
        const auto found = files_.find(index);
        return found == files_.end() ? "" : found->second;
    }

    AccessSite siteOf(const MemoryInstruction& in, const Location& at) const {
        AccessSite s;
        const std::string op = in.opcode.substr(0, in.opcode.find('.'));
        s.kind = op == "atom" || op == "red" ? "atomic" : op == "st" ? "store" : "load";
        s.space = in.space, s.bytes = in.bytes, s.strong = in.strong, s.scope = scopeName(in);
        s.file = fileName(at.file), s.line = at.line;
        s.callerFile = fileName(at.callerFile), s.callerLine = at.callerLine;
        s.instruction = in.body;
        return s;
    }

    void noteUncovered(AccessSites& sites, const std::string& what, const Location& at) const {
        const std::string where = fileName(at.file) + ":" + std::to_string(at.line);
        const std::string note = where + ": " + what;
        for (const std::string& n : sites.notCovered)
            if (n == note) return;
        sites.notCovered.push_back(note);
    }

    int registerWidth(const std::string& name) const {
        std::string prefix = name.substr(1);
        while (!prefix.empty() && std::isdigit(static_cast<unsigned char>(prefix.back()))) prefix.pop_back();
        const auto found = registerWidths_.find(prefix);
        return found == registerWidths_.end() ? 8 : found->second;
    }

    // The access behind its check: a block of its own (its registers and parameters are its own), skipped
    // over when the instruction's guard is false.
    std::string checked(const MemoryInstruction& in, int site) {
        // A cluster's scope is taken as the block's: launch lists run no clusters of several blocks.
        const std::string scope = scopeName(in);
        const int kind = (in.opcode.rfind("ld", 0) == 0 ? 0 : RACELAB_ACCESS_WRITE) | (in.strong ? RACELAB_ACCESS_ATOMIC : 0) |
                         (in.readOnly ? RACELAB_ACCESS_READ_ONLY : 0) | (scope == "block" || scope == "cluster" ? RACELAB_ACCESS_BLOCK_SCOPE : 0);
        const unsigned info = (in.release ? RACELAB_INFO_RELEASE : 0u) | (in.exchange ? RACELAB_INFO_EXCHANGE : 0u) |
                              static_cast<unsigned>(site) << 8 | static_cast<unsigned>(kind) << 4 | static_cast<unsigned>(in.bytes - 1);
        const std::string skip = "$racelab_skip_" + std::to_string(site);
        std::ostringstream s;
        if (!in.guard.empty())
            s << "\t@" << (in.guard[0] == '!' ? in.guard.substr(1) : "!" + in.guard) << " bra " << skip << ";\n";
        s << "\t{\n\t.reg .b64 %racelab_a;\n\t.reg .b32 %racelab_ok;\n\t.reg .pred %racelab_go;\n";
        if (in.base[0] == '%') {
            s << (registerWidth(in.base) == 4 ? "\tcvt.u64.u32 %racelab_a, " : "\tmov.b64 %racelab_a, ") << in.base << ";\n";
        } else {
            s << "\tmov.u64 %racelab_a, " << in.base << ";\n";
        }
        if (in.offset) s << "\tadd.s64 %racelab_a, %racelab_a, " << in.offset << ";\n";
        std::string space = in.space;
        if (space == "generic" && in.base[0] != '%') {  // a variable named in a generic access: its own space
            const auto found = symbolSpace_.find(in.base);
            space = found == symbolSpace_.end() ? "global" : found->second;
        }
        if (space != "generic") s << "\tcvta." << space << ".u64 %racelab_a, %racelab_a;\n";
        s << "\t.param .b64 racelab_p0;\n\t.param .b32 racelab_p1;\n\t.param .b32 racelab_r;\n"
          << "\tst.param.b64 [racelab_p0], %racelab_a;\n\tst.param.b32 [racelab_p1], " << info << ";\n"
          << "\tcall (racelab_r), racelabAccess, (racelab_p0, racelab_p1);\n"
          << "\tld.param.b32 %racelab_ok, [racelab_r];\n\tsetp.ne.u32 %racelab_go, %racelab_ok, 0;\n"
          << "\t@%racelab_go " << in.body << ";\n";
        if (in.exchange && (scope == "gpu" || scope == "system") && space != "shared") s << kAcquireMark;
        s << "\t}\n";
        if (!in.guard.empty()) s << skip << ":\n";
        return s.str();
    }

    static std::string sitesVariable(const AccessSites& sites) {
        const std::string json = accessSitesJson(sites);
        std::ostringstream s;
        s << ".global .align 1 .b8 " << kAccessSitesSymbol << "[" << json.size() + 1 << "] = {";
        for (unsigned char c : json) s << static_cast<int>(c) << ",";
        s << "0};\n";
        return s.str();
    }

    const std::string& ptx_;
    const InstrumentOptions options_;
    int plainKernels_ = 0, plainFunctions_ = 0;
    int* pendingPlain_ = nullptr;  // the count a left-plain function goes into, until its body opens
    InstrumentedPtx result_;
    std::ostringstream out_;  // the rewritten module
    int depth_ = 0;  // braces open: 0 between functions
    bool skipFunction_ = false;  // inside racelab's own functions, which are not checked
    Location here_;  // the last .loc line's place
    std::map<int, std::string> files_;
    std::map<std::string, int> registerWidths_;
    std::map<std::string, std::string> symbolSpace_;
};

}  // namespace

InstrumentedPtx instrumentPtx(const std::string& ptx, InstrumentOptions options) { return Rewriter(ptx, options).run(); }

}  // namespace racelab::userkernel
