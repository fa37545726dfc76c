// Opening a CUDA toolkit library (cuFFT, NVRTC) at run time by the exact soname of the toolkit racelab was
// built with: another major version is another ABI, and the development symlink (libnvrtc.so) may point at
// any of them. Looked for by the loader's own search first (LD_LIBRARY_PATH, ld.so.cache), then in the
// folders given (the building toolkit's library folder, a Python wheel's), so a machine without the library
// still runs everything else and the caller says what is missing and how to get it.
#pragma once
#include <string>
#include <vector>

namespace racelab {

struct ToolkitLibrary {
    void* handle = nullptr;  // dlopen handle; never closed (the process keeps its entry points)
    std::string path;        // where it was found ("" when through the loader's own search)
    std::string error;       // why not, when handle is null: every place looked in
};

// Tries each soname in `sonames` by the loader's search, then in each of `folders`, and returns the first
// that opens.
ToolkitLibrary openToolkitLibrary(const std::vector<std::string>& sonames, const std::vector<std::string>& folders);

// Sets `into` to the entry point `name` of an opened library (dlsym); false when it has none.
void* toolkitSymbol(void* library, const char* name);
template <class Function>
bool bindToolkitSymbol(void* library, const char* name, Function& into) {
    into = reinterpret_cast<Function>(toolkitSymbol(library, name));
    return into != nullptr;
}

// The building toolkit's library folder (where its sonames are looked for after the loader's search) and its
// version ("13.0"): set by CMake for toolkit_library.cpp alone; "/usr/local/cuda/lib64" and "?" in a build
// without a toolkit.
std::string cudaToolkitLibraryFolder();
std::string cudaToolkitVersion();

// The library folders Python wheels of the CUDA toolkit install into (e.g. nvidia-cuda-nvrtc's
// site-packages/nvidia/cu13/lib), in every site-packages / dist-packages folder of this machine's Pythons,
// the user's and an active virtual environment's. `subfolders` are the wheel's own (e.g. "nvidia/cu13/lib").
std::vector<std::string> pythonWheelFolders(const std::vector<std::string>& subfolders);

}  // namespace racelab
