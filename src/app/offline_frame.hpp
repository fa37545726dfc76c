// Renders frame F of a scene without GL (render and check): F animation steps, then one frame on the
// scene's backend, read back to the host.
#pragma once
#include "core/host_image.hpp"
#include "core/size_parse.hpp"
#include "scenes/scene.hpp"

namespace racelab {

void advanceTo(Scene& scene, long frame, cudaStream_t stream);
HostImage renderOffline(Scene& scene, int variant, Size2 size, cudaStream_t stream);

}  // namespace racelab
