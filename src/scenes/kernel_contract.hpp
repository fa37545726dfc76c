// A family's contract with a user kernel, seen from racelab's side: what the family declares once (the header
// user kernels include, the __constant__ parameters they read, the sizes their launches count in, a starter
// and examples) and what its scenes hand over each frame (the inputs, the parameters' bytes, where the
// pointers go, the output buffers, and how the output becomes the frame). The device side of the same
// contract is the family's kernel_contract.cuh, installed as racelab/<family>.cuh.
//
// Families know nothing of how a user kernel is compiled or where it runs (src/userkernel/ does): they deal in
// device memory of racelab's own context and the frame target.
#pragma once
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/frame_target.hpp"

namespace racelab {

// A family whose course hands out a whole program rather than kernels (CS149's asst3: a cudaRenderer.cu with
// host code) declares the harness such a solution is written against: racelab's own version of the course's
// headers and helpers, installed under kernels/include/harness/<folder>/ from src/scenes/<family>/harness/, and
// the file there that gives racelab's worker its entry points (userkernel/whole_file_build.hpp builds both).
// Headers a solution may leave out (the course's class declaration) go in the harness's fallback/ folder,
// searched after the solution's own.
//
// What a whole-file solution needs to load the scene racelab shows: the scene's name, seed and count (the
// worker makes the same data again, as the course's loader would) and how many animation steps racelab has
// taken since it made the scene, so that the worker keeps the solution's own animation in step with racelab's.
struct WholeFileScene {
    std::string preset;        // the scene's name in its family, e.g. "snow"
    unsigned seed = 0;
    int count = 0;             // the count the scene was made with (0: the scene's own)
    long long steps = 0;       // animation steps taken since the scene was made
    long long generation = 0;  // new whenever the scene is made again (a reset): the solution starts over
    bool operator==(const WholeFileScene& o) const {  // spelt out: the CUDA halves are C++17
        return preset == o.preset && seed == o.seed && count == o.count && steps == o.steps && generation == o.generation;
    }
};

// Worker side: hands `scene` to a loaded solution library through the harness entry's functions (`entry`
// looks one up by name) and returns the course's scene number for loadScene. What it hands over must outlive
// the renderer: it goes into `keep`.
using WholeFileSceneHandOver = std::function<int(const WholeFileScene& scene, const std::function<void*(const char*)>& entry,
                                                 std::shared_ptr<void>& keep)>;

struct WholeFileHarness {
    std::string folder;        // under kernels/include/harness/, e.g. "circles"
    std::string entrySource;   // compiled beside the solution, e.g. "racelab_harness_entry.cu"
    std::string solutionFile;  // what a folder submission holds, e.g. "cudaRenderer.cu"
    std::string recognizer;    // a file whose text matches this (ECMAScript) is such a solution
    WholeFileSceneHandOver handOverScene;
};

struct KernelExample {
    std::string asset;        // under the assets, e.g. "kernels/circles/tiled.cu"
    bool correct = false;     // must pass check; the others race on purpose
    std::string description;  // one line
};

struct KernelContract {
    std::string header;              // what user kernels include, e.g. "racelab/circles.cuh"
    std::string parametersSymbol;    // the __constant__ struct racelab fills, e.g. "cuConstRendererParams"
    std::size_t parametersBytes = 0; // its size on the device (checked against the compiled module)
    std::vector<std::string> sizes;  // what RACELAB_<SIZE> index i counts, e.g. {"circles", "pixels", "tiles16"}
    std::string starter;             // asset written by `racelab new-kernel`
    std::vector<KernelExample> examples;
    std::string summary;             // a paragraph: what the kernel gets and must write
    std::optional<WholeFileHarness> wholeFile;  // the course's whole-program form, where the family has one
};

// One frame's hand-over. The worker copies nothing of racelab's memory but these inputs (into buffers of
// its own), so a kernel that writes out of bounds damages only copies.
struct KernelFrame {
    struct Input {
        std::string name;
        const void* device = nullptr;  // racelab's device memory, read on the frame's stream
        std::size_t bytes = 0;
    };
    struct Output {
        std::string name;
        std::size_t bytes = 0;
    };
    // Where a buffer's address goes in the parameters' bytes.
    struct PointerField {
        std::size_t offset = 0;
        bool output = false;  // an output (else an input)
        int index = 0;        // into inputs or outputs
    };
    std::vector<Input> inputs;
    std::vector<Output> outputs;
    std::vector<std::uint8_t> parameters;  // the __constant__ struct's bytes, pointers filled in by the worker
    std::vector<PointerField> pointers;
    std::vector<std::int64_t> sizes;  // in KernelContract::sizes order
    int width = 0, height = 0;        // for RACELAB_PER_PIXEL grids
    long long sceneId = 0;            // the scene's (UserKernelSide::sceneId): a new one runs the setup list again
    std::optional<WholeFileScene> wholeFileScene;  // where the family has a whole-file harness
    // An instrumented build's pixel inspector (check --races --pixel): the bytes of output `output` whose
    // accesses the worker lists in order. bytes 0: none.
    struct Traced {
        int output = 0;
        std::size_t offset = 0, bytes = 0;
    };
    Traced traced;
    // An instrumented build: also report every output's racing words (the viewer's overlay of racing pixels;
    // off, no frame pays for reading them back).
    bool racingWords = false;
};

// What a scene offers when its family has a contract (Scene::userKernelSide). All GPU work is on the target's
// stream, in racelab's context.
class UserKernelSide {
public:
    virtual ~UserKernelSide() = default;
    // Different for every scene made in this process, so that a user kernel's worker knows a new one.
    long long sceneId() const { return sceneId_; }
    // This frame's inputs for a target of this size (the scene has advanced already).
    virtual KernelFrame userKernelFrame(const FrameTarget& target) = 0;
    // Sets the outputs' contents before the kernel runs (e.g. the cleared image); `outputs` are device
    // buffers of the sizes asked for.
    virtual void prepareUserKernelOutputs(void* const* outputs, const FrameTarget& target) = 0;
    // Draws the frame from the finished outputs (e.g. float4 image -> RGBA8).
    virtual void drawUserKernelOutputs(const void* const* outputs, const FrameTarget& target) = 0;

private:
    static long long nextSceneId() {
        static std::atomic<long long> made{0};
        return ++made;
    }
    const long long sceneId_ = nextSceneId();
};

// Writes a value into a parameters' byte image at `offset` (the struct's layout is the device header's).
template <class T>
void putParameter(std::vector<std::uint8_t>& bytes, std::size_t offset, const T& value) {
    if (bytes.size() < offset + sizeof(T)) bytes.resize(offset + sizeof(T));
    const auto* raw = reinterpret_cast<const std::uint8_t*>(&value);
    std::copy(raw, raw + sizeof(T), bytes.begin() + static_cast<std::ptrdiff_t>(offset));
}

}  // namespace racelab
