#include "core/toolkit_library.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>

#ifndef RACELAB_CUDA_LIBRARY_DIR
#define RACELAB_CUDA_LIBRARY_DIR "/usr/local/cuda/lib64"
#endif
#ifndef RACELAB_CUDA_TOOLKIT
#define RACELAB_CUDA_TOOLKIT "?"
#endif

namespace racelab {

std::string cudaToolkitLibraryFolder() { return RACELAB_CUDA_LIBRARY_DIR; }
std::string cudaToolkitVersion() { return RACELAB_CUDA_TOOLKIT; }

ToolkitLibrary openToolkitLibrary(const std::vector<std::string>& sonames, const std::vector<std::string>& folders) {
    ToolkitLibrary library;
    std::string tried;
    for (const std::string& soname : sonames) {
        if (void* handle = dlopen(soname.c_str(), RTLD_NOW | RTLD_LOCAL)) {
            library.handle = handle;
            return library;
        }
        tried += (tried.empty() ? "" : "; ") + std::string(dlerror());
    }
    for (const std::string& folder : folders)
        for (const std::string& soname : sonames) {
            const std::string path = folder + "/" + soname;
            if (!std::filesystem::exists(path)) continue;
            if (void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL)) {
                library.handle = handle;
                library.path = path;
                return library;
            }
            tried += "; " + std::string(dlerror());
        }
    std::string where;
    for (const std::string& folder : folders) where += (where.empty() ? "" : ", ") + folder;
    library.error = tried + (where.empty() ? "" : "; nor in " + where);
    return library;
}

std::vector<std::string> pythonWheelFolders(const std::vector<std::string>& subfolders) {
    namespace fs = std::filesystem;
    std::vector<fs::path> sites;
    auto addPythonsUnder = [&](const fs::path& lib, const char* kind) {
        std::error_code ec;
        if (!fs::is_directory(lib, ec)) return;
        for (const auto& entry : fs::directory_iterator(lib, ec))
            if (entry.path().filename().string().rfind("python3", 0) == 0) sites.push_back(entry.path() / kind);
    };
    if (const char* venv = std::getenv("VIRTUAL_ENV")) addPythonsUnder(fs::path(venv) / "lib", "site-packages");
    if (const char* home = std::getenv("HOME")) addPythonsUnder(fs::path(home) / ".local/lib", "site-packages");
    addPythonsUnder("/usr/local/lib", "dist-packages");
    addPythonsUnder("/usr/local/lib", "site-packages");
    addPythonsUnder("/usr/lib", "dist-packages");
    sites.push_back("/usr/lib/python3/dist-packages");
    std::vector<std::string> folders;
    for (const fs::path& site : sites)
        for (const std::string& sub : subfolders) {
            std::error_code ec;
            if (fs::is_directory(site / sub, ec)) folders.push_back((site / sub).string());
        }
    return folders;
}

void* toolkitSymbol(void* library, const char* name) { return dlsym(library, name); }

}  // namespace racelab
