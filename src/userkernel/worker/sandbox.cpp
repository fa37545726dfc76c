#include "userkernel/worker/sandbox.hpp"

#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <sstream>

#include "core/asset_paths.hpp"
#include "core/run_program.hpp"
#include "core/toolkit_program.hpp"

namespace fs = std::filesystem;

namespace racelab::userkernel {
namespace {

const char* const kNamespaces[] = {"--unshare-all", "--die-with-parent", "--new-session"};

std::string installAdvice() {
    return "install Debian's bubblewrap (sudo apt-get install bubblewrap), or set RACELAB_BWRAP to a bwrap program; "
           "where user namespaces are switched off, an administrator can allow them (sysctl "
           "kernel.unprivileged_userns_clone=1)";
}

// A folder of the system shown as it is: a link stays a link (Debian's /lib -> usr/lib), a folder is bound
// read-only, a missing one is left out.
void showSystemPath(std::vector<std::string>& args, const std::string& path) {
    std::error_code ec;
    const fs::file_status status = fs::symlink_status(path, ec);
    if (ec || !fs::exists(status)) return;
    if (fs::is_symlink(status)) {
        const fs::path target = fs::read_symlink(path, ec);
        if (!ec) args.insert(args.end(), {"--symlink", target.string(), path});
        return;
    }
    args.insert(args.end(), {"--ro-bind", path, path});
}

void showFolder(std::vector<std::string>& args, const std::string& path) {
    std::error_code ec;
    if (path.empty() || !fs::is_directory(path, ec)) return;
    const std::string real = fs::canonical(path, ec).string();
    if (ec) return;
    args.insert(args.end(), {"--ro-bind", real, real});
}

// Where racelab itself is: the folder above its bin/ (an install prefix, or a build folder with share/),
// and every folder of LD_LIBRARY_PATH (a portable bundle's libraries).
std::vector<std::string> racelabFolders() {
    std::vector<std::string> out;
    const std::string self = executablePath();
    if (!self.empty()) out.push_back(fs::path(self).parent_path().parent_path().string());
    if (const char* libraryPath = std::getenv("LD_LIBRARY_PATH")) {
        std::stringstream list(libraryPath);
        for (std::string folder; std::getline(list, folder, ':');)
            if (!folder.empty()) out.push_back(folder);
    }
    return out;
}

}  // namespace

std::string findBubblewrap() { return findToolkitProgram("bwrap", "RACELAB_BWRAP"); }

bool bubblewrapStarts(std::string* why) {
    static std::once_flag tried;
    static bool starts = false;
    static std::string reason;
    std::call_once(tried, [] {
        const std::string bwrap = findBubblewrap();
        if (bwrap.empty()) {
            reason = "bubblewrap (bwrap) is not installed: " + installAdvice();
            return;
        }
        std::vector<std::string> probe{bwrap};
        probe.insert(probe.end(), std::begin(kNamespaces), std::end(kNamespaces));
        probe.insert(probe.end(), {"--ro-bind", "/", "/", "--", "/bin/true"});
        const ProgramRun run = runProgram(probe, 10);
        starts = run.started && run.exitCode == 0;
        if (!starts) {
            std::string said = run.started ? run.output : run.startError;
            while (!said.empty() && (said.back() == '\n' || said.back() == ' ')) said.pop_back();
            reason = bwrap + " cannot make its namespaces here (" + (said.empty() ? "exit " + std::to_string(run.exitCode) : said) +
                     "): " + installAdvice();
        }
    });
    if (why) *why = reason;
    return starts;
}

Sandbox makeSandbox(const SandboxRequest& request) {
    Sandbox sandbox;
    if (!bubblewrapStarts(&sandbox.why)) return sandbox;
    std::vector<std::string>& args = sandbox.launcher;
    args.push_back(findBubblewrap());
    args.insert(args.end(), std::begin(kNamespaces), std::end(kNamespaces));
    // /etc/alternatives: links only, through which a toolkit's path often goes (/usr/local/cuda on Ubuntu).
    for (const char* path : {"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc/ld.so.cache",
                             "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives", "/sys"})
        showSystemPath(args, path);
    // The scratch folder first: a folder racelab shows that lies under the machine's /tmp (a bundle unpacked
    // there) is mounted over it afterwards, on a mount point made inside the scratch folder.
    args.insert(args.end(), {"--bind", request.scratchFolder, sandbox.insideScratch});
    for (const std::string& folder : racelabFolders()) showFolder(args, folder);
    for (const std::string& folder : request.readOnlyFolders) showFolder(args, folder);
    std::error_code ec;
    for (const std::string& folder : request.writableFolders)
        if (fs::is_directory(folder, ec)) args.insert(args.end(), {"--bind", folder, folder});
    args.insert(args.end(), {"--proc", "/proc", "--dev", "/dev"});
    for (const auto& entry : fs::directory_iterator("/dev", ec)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("nvidia", 0) == 0) args.insert(args.end(), {"--dev-bind", entry.path().string(), entry.path().string()});
    }
    args.insert(args.end(), {"--chdir", sandbox.insideScratch, "--setenv", "TMPDIR", sandbox.insideScratch, "--setenv", "HOME",
                             sandbox.insideScratch, "--"});
    sandbox.available = true;
    return sandbox;
}

}  // namespace racelab::userkernel
