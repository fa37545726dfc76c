// The 2025 form of the course's class with members of the solution's own (written for racelab's tests): a
// per-circle table of screen boxes that setup() fills on the host, and the noise and colour tables' state.
#ifndef __CUDA_RENDERER_H__
#define __CUDA_RENDERER_H__

#include "circleRenderer.h"

class CudaRenderer : public CircleRenderer {
private:
    Image* image;
    SceneName sceneName;
    int numCircles;
    float* position;
    float* velocity;
    float* color;
    float* radius;
    float* cudaDevicePosition;
    float* cudaDeviceColor;
    float* cudaDeviceRadius;
    float* cudaDeviceImageData;
    int* circleBoxes;         // host: 4 ints a circle (min x, max x, min y, max y in pixels), from setup()
    int* cudaDeviceBoxes;
    bool tablesReady;

    void fillBoxes();

public:
    CudaRenderer();
    virtual ~CudaRenderer();
    const Image* getImage();
    void setup();
    void loadScene(SceneName name, int seed = 0);
    void allocOutputImage(int width, int height);
    void clearImage();
    void advanceAnimation();
    void render();
};

#endif
