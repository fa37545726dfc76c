// racelab's version of the course harness's sceneLoader.h. loadCircleScene hands a renderer the scene's
// circles as the course's loader does -- arrays it allocates with new[] and the renderer deletes: position,
// velocity and color 3 floats a circle, radius 1 -- filled from racelab's own scene data, which equals the
// course's frame for frame. Both the 2025 form (with the seed) and the earlier one are declared.
#ifndef RACELAB_HARNESS_SCENE_LOADER_H
#define RACELAB_HARNESS_SCENE_LOADER_H

#include "circleRenderer.h"

void loadCircleScene(SceneName sceneName, int& numCircles, float*& position, float*& velocity, float*& color,
                     float*& radius, int seed);
void loadCircleScene(SceneName sceneName, int& numCircles, float*& position, float*& velocity, float*& color,
                     float*& radius);

#endif
