// `racelab visibility`, the course task on a mesh, as the mesh family's own subcommand (scenes/workload.hpp):
// for every vertex, is the way from an origin to it blocked by a triangle, under a chosen rule.
#pragma once
#include "scenes/workload.hpp"

RACELAB_WORKLOAD(mesh);

namespace racelab::mesh {

FamilyCommand visibilityCommand();

}  // namespace racelab::mesh
