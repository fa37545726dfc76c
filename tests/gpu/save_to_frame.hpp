// A kernel file saved as an editor saves it (written beside, renamed over), watched by a live UserKernel on a
// circles scene, and frames drawn as the viewer draws them until the new build has drawn one: the seconds from
// the save to that frame. For the save-to-frame benchmarks of user kernels and whole-file solutions.
#pragma once
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "core/gpu_timing.hpp"
#include "frame/offline_frame.hpp"
#include "scenes/scene_registry.hpp"
#include "userkernel/user_kernel.hpp"
#include "userkernel/user_kernel_scene.hpp"

namespace racelab::gputest {

class SaveToFrame {
public:
    // Saves `text` as `file` and starts watching it, its builds cached in `cacheFolder`.
    SaveToFrame(const std::string& file, const std::string& text, const std::string& scene, const std::string& cacheFolder)
        : file_(file) {
        save(text);
        const WorkloadFamily& family = *findScene(scene).family;
        userkernel::UserKernelOptions options;
        options.cacheFolder = cacheFolder;
        kernel_ = std::make_shared<userkernel::UserKernel>(file, family.name, *family.kernelContract, options);
        SceneOptions sceneOptions;
        sceneOptions.backend = Backend::Cuda;
        scene_ = userkernel::withUserKernel(createScene(scene, sceneOptions), kernel_);
        variant_ = scene_->variantIndex(kernel_->variantName());
    }

    void save(const std::string& text) {
        std::ofstream(file_ + ".new") << text;
        std::filesystem::rename(file_ + ".new", file_);
        saved_ = std::chrono::steady_clock::now();
    }

    // Frames at 1024x1024 until a build newer than the last one taken has drawn one (at most `limitSeconds`);
    // the seconds from the last save to that frame.
    double secondsToNewFrame(double limitSeconds = 120) {
        const int builds = builds_;
        const auto deadline = saved_ + std::chrono::duration<double>(limitSeconds);
        while (std::chrono::steady_clock::now() < deadline) {
            const long long frames = kernel_->status().frames;
            renderOffline(*scene_, variant_, {1024, 1024}, stream_.get());
            if (kernel_->status().builds > builds && kernel_->status().frames > frames) break;
        }
        builds_ = kernel_->status().builds;
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - saved_).count();
    }

    const userkernel::UserKernelStatus& status() const { return kernel_->status(); }

private:
    std::string file_;
    std::shared_ptr<userkernel::UserKernel> kernel_;
    std::unique_ptr<Scene> scene_;
    int variant_ = 0;
    CudaStream stream_;
    int builds_ = 0;
    std::chrono::steady_clock::time_point saved_;
};

}  // namespace racelab::gputest
