// racelab's version of the course harness's image.h: the image a renderer returns from getImage(). Four floats
// a pixel (r, g, b, a) in [0, 1], rows of `width` pixels one after the other, row 0 at the bottom of the
// picture. The constructor allocates without initialising, as the course's does; clear() fills every pixel.
// Where nvcc compiles it (a solution and racelab's harness entry), the pixels are page-locked host memory, so
// that getImage()'s copy from the GPU and racelab's copy back run at full speed: racelab reads every frame.
#ifndef RACELAB_HARNESS_IMAGE_H
#define RACELAB_HARNESS_IMAGE_H

#ifdef __CUDACC__
#include <cuda_runtime.h>
#endif

struct Image {
    Image(int w, int h) : width(w), height(h), data(allocate(4 * static_cast<long>(w) * h)) {}

    static float* allocate(long floats) {
#ifdef __CUDACC__
        void* pinned = nullptr;
        if (cudaMallocHost(&pinned, sizeof(float) * static_cast<size_t>(floats)) == cudaSuccess) return static_cast<float*>(pinned);
        cudaGetLastError();  // not the solution's error: fall back to plain memory
#endif
        return new float[floats];
    }

    void clear(float r, float g, float b, float a) {
        const long pixels = static_cast<long>(width) * height;
        for (long i = 0; i < pixels; ++i) {
            data[4 * i] = r;
            data[4 * i + 1] = g;
            data[4 * i + 2] = b;
            data[4 * i + 3] = a;
        }
    }

    int width;
    int height;
    float* data;
};

#endif
