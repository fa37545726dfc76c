// racelab's version of the course harness's circleRenderer.h (CS149 asst3, render/): the interface a
// whole-file solution's CudaRenderer implements, with the course's names. Installed as
// share/racelab/kernels/include/harness/circles/ and found by a solution's #include "circleRenderer.h" when its
// own folder has none.
//
// loadScene has had three forms: loadScene(name, seed = 0) (CS149 2025), loadScene(name) (CMU 15-418/618 from
// 2012, CS149 2019-2024) and loadScene(name, benchMode) (a 2019 port of the CMU starter that draws still scenes
// only). Each is declared here, virtual and not pure, and each forwards to the next, so a CudaRenderer that
// overrides any one of them is complete and is called the same way. advanceAnimation is not pure either: the
// ports that draw still scenes have none.
#ifndef RACELAB_HARNESS_CIRCLE_RENDERER_H
#define RACELAB_HARNESS_CIRCLE_RENDERER_H

#ifndef uint  // a solution's header may define it as a macro, as the course's once did
#include <sys/types.h>  // uint, which solutions use as the course's headers once provided it
#endif

#define NUM_FIREWORKS 15
#define NUM_SPARKS 20

struct Image;

#include "course_scene_names.h"  // SceneName

// Set by racelab's harness when none of the loadScene forms was overridden (racelab_harness_entry.cu).
void racelabHarnessNoLoadScene();

class CircleRenderer {
public:
    virtual ~CircleRenderer() {}

    virtual const Image* getImage() = 0;
    virtual void setup() = 0;
    virtual void loadScene(SceneName name, int seed) { (void)seed; loadScene(name); }
    virtual void loadScene(SceneName name) { loadScene(name, false); }
    virtual void loadScene(SceneName name, bool benchMode) { (void)name; (void)benchMode; racelabHarnessNoLoadScene(); }
    virtual void allocOutputImage(int width, int height) = 0;
    virtual void clearImage() = 0;
    virtual void advanceAnimation() {}
    virtual void render() = 0;
};

#endif
