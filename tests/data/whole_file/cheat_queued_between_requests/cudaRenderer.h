// The 2019-2024 form of the course's class, written for racelab's tests: uint as a macro, loadScene without a
// seed.
#ifndef __CUDA_RENDERER_H__
#define __CUDA_RENDERER_H__

#ifndef uint
#define uint unsigned int
#endif

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
    float* cudaDeviceVelocity;
    float* cudaDeviceImageData;

public:
    CudaRenderer();
    virtual ~CudaRenderer();
    const Image* getImage();
    void setup();
    void loadScene(SceneName name);
    void allocOutputImage(int width, int height);
    void clearImage();
    void advanceAnimation();
    void render();
};

#endif
