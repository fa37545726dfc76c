// What one frame of an instrumented build (check --races, --checked; racelab/access_check.cuh) found, as the
// kernel worker reads it back: the racing pairs of sites, the accesses skipped because they fell outside every
// buffer, and the launches they happened in. Sites are numbers into the build's AccessSites
// (ptx_instrument.hpp); racelab turns them into lines (access_findings.hpp).
#pragma once
#include <nlohmann/json_fwd.hpp>  // the worker's CUDA sources include this: no JSON code for nvcc
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace racelab::userkernel {

struct AccessRace {
    int siteA = 0, siteB = 0;  // a read-write race: A the read, B the write
    bool writeWrite = false;
    bool acrossBlocks = false;
    unsigned long long words = 0;   // words it was the first pair seen racing on (global memory)
    unsigned long long events = 0;  // times it was seen
    std::string buffer;             // where the example word lies ("" for shared memory)
    long long offset = -1;          // its byte offset in that buffer
    unsigned threadA = 0, threadB = 0;  // the example's threads, linear in their launch
    int launch = 0;
};

struct AccessStray {
    int site = 0;
    unsigned long long address = 0;
    int bytes = 0;
    unsigned thread = 0;
    int launch = 0;
    std::string nearest;    // the buffer nearest to it ("" when none, "shared memory" for a shared access)
    long long distance = 0;  // bytes past that buffer's end (> 0) or before its start (< 0)
    bool misaligned = false;
};

// One access to the traced bytes (the pixel inspector), in the order the checks saw them.
struct TracedAccess {
    int site = 0;
    unsigned thread = 0;
    int launch = 0;
    bool write = false, atomic = false;
    long long offset = 0;  // in the traced output
};

// The words of one output that raced in the frame (any kind, any pair), as runs of word indices: what the
// viewer paints over the picture.
struct RacingWords {
    int output = 0;
    std::vector<std::pair<unsigned long long, unsigned long long>> runs;  // first word, how many
    bool truncated = false;  // more runs than the report carries (kRacingRunsKept)
};
constexpr std::size_t kRacingRunsKept = 1u << 15;

struct LaunchShape {
    std::string kernel;
    unsigned grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
};

struct AccessReport {
    std::vector<AccessRace> races;
    unsigned racesDropped = 0;  // pairs beyond the report's room
    std::vector<AccessStray> strays;
    unsigned strayCount = 0;    // all of them; `strays` holds the first ones
    unsigned untracked = 0;     // global accesses outside every buffer, in a build that does not skip them
    std::vector<LaunchShape> launches;  // in the frame's order (setup launches first when they ran)
    // The frame's shadow memory (global records and marks, shared records) and the bytes it shadows (the
    // buffers checked for races, and every shared-memory slot): their ratio is the checks' memory cost.
    unsigned long long shadowBytes = 0, shadowedBytes = 0;
    bool racesLookedFor = true;  // false in a checked-only build: "no race" would say nothing
    std::vector<TracedAccess> traced;  // check --races --pixel: every access to the pixel, in order
    unsigned tracedCount = 0;          // all of them (the first RACELAB_ACCESS_TRACE kept)
    std::vector<RacingWords> racingWords;  // per output with a racing word (global memory races only)
};

nlohmann::json accessReportJson(const AccessReport& report);
AccessReport accessReportFrom(const nlohmann::json& j);

}  // namespace racelab::userkernel
