// racelab's version of the course harness's sceneLoader.h. loadCircleScene hands a renderer the scene's
// circles as the course's loader does -- arrays it allocates with new[] and the renderer deletes: position,
// velocity and color 3 floats a circle, radius 1 -- filled from racelab's own scene data, which equals the
// course's frame for frame. Every form a public solution calls is declared, so a file written against any of
// them builds unchanged:
//   - with the seed: CS149 asst3 2025;
//   - with velocity: CMU 15-418/618 assignment 2 from 2012 and CS149 asst3 2019-2024;
//   - without velocity: renderers built on the CMU starter that draw still scenes only (e.g. a 2020 port);
//   - without velocity, with benchMode: the same, with the benchmark switch of a 2019 port.
// Overload resolution cannot confuse them: the bool form's last parameter binds no float*.
#ifndef RACELAB_HARNESS_SCENE_LOADER_H
#define RACELAB_HARNESS_SCENE_LOADER_H

#include <circleRenderer.h>  // the solution's own where its folder has one (nvcc's -I order), else racelab's

void loadCircleScene(SceneName sceneName, int& numCircles, float*& position, float*& velocity, float*& color,
                     float*& radius, int seed);
void loadCircleScene(SceneName sceneName, int& numCircles, float*& position, float*& velocity, float*& color,
                     float*& radius);
void loadCircleScene(SceneName sceneName, int& numCircles, float*& position, float*& color, float*& radius);
void loadCircleScene(SceneName sceneName, int& numCircles, float*& position, float*& color, float*& radius,
                     bool benchMode);

#endif
