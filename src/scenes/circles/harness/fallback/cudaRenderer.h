// racelab's fallback for the course's cudaRenderer.h: the starter's CudaRenderer, used only when a
// submission's own folder has no cudaRenderer.h (a solution that adds members brings its own, which is found
// first). The members are the starter's: the scene as loadCircleScene returned it, and its device copies.
#ifndef RACELAB_HARNESS_CUDA_RENDERER_H
#define RACELAB_HARNESS_CUDA_RENDERER_H

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
    float* cudaDeviceVelocity;
    float* cudaDeviceColor;
    float* cudaDeviceRadius;
    float* cudaDeviceImageData;

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
    void shadePixel(int circleIndex, float pixelCenterX, float pixelCenterY, float px, float py, float pz, float* pixelData);
};

#endif
