// One nvcc compile of a .cu file run as two chains at once, where nvcc runs its steps one after another. nvcc's
// steps for a file (its --dryrun) are two independent halves and a join: the host side (preprocess, cudafe++)
// and the device side (preprocess, cicc, ptxas, fatbinary), then the host compile, which includes what both
// made. The one thing the halves share is the module id, a file cudafe++ writes and cicc reads; nvcc derives
// it from the source file's path alone (the same for every build of that path, whatever its text or options),
// so a build that knows it from an earlier one writes it first and runs the halves side by side. For a
// solution that includes thrust each half is a front end parsing the same headers for seconds (docs/
// BENCHMARKS.md, "Save to frame"); side by side they take the time of the longer. The object is the one
// nvcc's own run makes, byte for byte, when both keep their files in the same folder.
#pragma once
#include <string>
#include <vector>

#include "core/run_program.hpp"

namespace racelab::userkernel {

// The module id nvcc wrote for the last compile that kept its files in `keepFolder` ("" when there is none).
std::string keptModuleId(const std::string& keepFolder);

// Runs `compileArgv` (nvcc -c ... -o OBJECT SOURCE, without --keep) keeping its files in `keepFolder`: as two
// chains with `moduleId` written first where nvcc's steps have the expected shape, else as nvcc's own run.
// `chained` says which it was.
ProgramRun compileInTwoChains(const std::vector<std::string>& compileArgv, const std::string& keepFolder,
                              const std::string& moduleId, double timeoutSeconds, bool* chained = nullptr);

}  // namespace racelab::userkernel
