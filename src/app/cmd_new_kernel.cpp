// racelab new-kernel FAMILY FILE: copies the family's starter kernel (its contract's `starter` asset) to FILE,
// so a learner starts from a kernel that compiles and runs.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "app/commands.hpp"
#include "core/read_file.hpp"
#include "core/asset_paths.hpp"
#include "core/atomic_file.hpp"
#include "core/errors.hpp"
#include "scenes/scene_registry.hpp"

namespace racelab {

int runNewKernel(const NewKernelOptions& options) {
    const WorkloadFamily* family = nullptr;
    for (const WorkloadFamily* f : workloadFamilies())
        if (f->name == options.family) family = f;
    if (!family || !family->kernelContract)
        throw UsageError("new-kernel: '" + options.family + "' is no family that takes a user kernel (valid: " +
                         kernelFamiliesHelp() + ")");
    if (std::filesystem::exists(options.file) && !options.force)
        throw UsageError("new-kernel: " + options.file + " exists; pick another name or add --force to overwrite it");
    const std::string starter = findAsset(family->kernelContract->starter);
    const std::optional<std::string> text = readWholeFile(starter);
    if (!text) throw Error("new-kernel: cannot read the starter " + starter);
    writeTextFileAtomically(options.file, [&](std::ostream& out) { out << *text; });
    std::string scene = family->name + "/";
    for (const PresetInfo& p : family->presets())
        if (p.isDefault || scene.back() == '/') scene = family->name + "/" + p.name;
    std::printf("wrote %s: the %s starter (%s)\nrun it:  racelab view --scene %s --kernel %s\nexamples: ", options.file.c_str(),
                family->name.c_str(), family->kernelContract->header.c_str(), scene.c_str(), options.file.c_str());
    const std::string root = std::filesystem::path(starter).parent_path().string();
    std::printf("%s\n", root.c_str());
    return 0;
}

}  // namespace racelab
