// The animated circle scenes' particle steps on the GPU: one thread per particle runs the same step
// (scenes/circles/circle_animation.hpp) the CPU reference runs, so both sides' particles stay bit-identical.
// This is the only unit of the renderer that includes circle_animation.hpp, and with it the snow noise
// tables it puts in constant memory (snow_noise.hpp keeps one copy per translation unit that includes it).
#include "circles/circle_gpu_internal.cuh"
#include "common/launch.cuh"
#include "scenes/circles/circle_animation.hpp"

namespace racelab::circles {
namespace {

__global__ void advanceParticles(Animation animation, int count, float* position, float* velocity, float* radius,
                                 FireworkRim rim) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count) return;
    switch (animation) {
    case Animation::Snow: stepSnow(i, position, velocity, radius); break;
    case Animation::BouncingBalls: stepBouncingBall(i, position, velocity); break;
    case Animation::Hypnosis: stepHypnosis(i, radius); break;
    case Animation::Fireworks: stepFireworkSpark(i, position, velocity, radius, rim); break;
    case Animation::None: break;
    }
}

}  // namespace

void CircleGpuCuda::advance(Animation animation, cudaStream_t stream) {
    if (animation == Animation::None || impl_->count == 0) return;
    static const FireworkRim rim = fireworkRim();
    launchKernel("circles: advance particles", advanceParticles, blocksFor(impl_->count, 256), 256, 0, stream, animation,
                 impl_->count, impl_->position.data(), impl_->velocity.data(), impl_->radius.data(), rim);
}

}  // namespace racelab::circles
