// What racelab asks of the toolkit's nvcc before it builds a whole-file solution: where it is, what version it
// is, and which folders it searches for the toolkit's own headers. Each answer is asked of nvcc itself, once per
// nvcc, so that an nvcc reached through a wrapper script or a symbolic link is described as the toolkit it runs.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace racelab::userkernel {

// The toolkit's nvcc ("" when not found); findToolkitProgram("nvcc", "RACELAB_NVCC").
std::string findNvcc();
// What to do without nvcc, for messages.
std::string nvccMissingAdvice();

// nvcc's own version line ("Build cuda_13.0.r13.0/compiler.36424714_0"): part of every cache key.
std::string nvccVersion(const std::string& nvcc);

// The folders `nvcc` searches for the toolkit's headers (its include/ and include/cccl/, where CUDA 13 keeps
// thrust, CUB and libcu++), as its --dryrun names them; where it names none, include/ and include/cccl/ beside
// the folder of the real file `nvcc` points to.
std::vector<std::filesystem::path> nvccIncludeFolders(const std::string& nvcc);

// The folders of `--dryrun` output's INCLUDES and SYSTEM_INCLUDES lines (nvcc's own search path), in order.
std::vector<std::filesystem::path> includeFoldersOfDryRun(const std::string& dryRunOutput);

}  // namespace racelab::userkernel
