// A hostile whole-file solution written for racelab's sandbox tests: what its setup() (or render()) tries
// depends on the scene it is given, and it prints what came of each try, so that a test can see that the try
// was refused. The paths and the port come from the environment the test sets (racelab's worker inherits it):
//   rgb       read RACELAB_TEST_SECRET (a file outside the solution's folder) and print what it read
//   rgby      write RACELAB_TEST_ESCAPE (a file outside its folder)
//   rand10k   connect to 127.0.0.1:RACELAB_TEST_PORT, where the test listens
//   pattern   fork 64 children that never end
//   biglittle allocate host memory 1 GiB at a time, up to 64 GiB, touching none of it
//   rand100k  sleep for ever in render()
// It draws nothing but the cleared image.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <cuda_runtime.h>

#include "cudaRenderer.h"
#include "image.h"
#include "sceneLoader.h"

namespace {

const char* fromEnvironment(const char* name) {
    const char* value = std::getenv(name);
    return value ? value : "";
}

void tryToRead() {
    const char* path = fromEnvironment("RACELAB_TEST_SECRET");
    FILE* file = std::fopen(path, "r");
    if (!file) {
        std::printf("hostile: read %s: refused (%s)\n", path, std::strerror(errno));
        return;
    }
    char text[128] = {};
    const size_t got = std::fread(text, 1, sizeof text - 1, file);
    std::fclose(file);
    std::printf("hostile: read %s: GOT %zu bytes: %s\n", path, got, text);
}

void tryToWrite() {
    const char* path = fromEnvironment("RACELAB_TEST_ESCAPE");
    FILE* file = std::fopen(path, "w");
    if (!file) {
        std::printf("hostile: write %s: refused (%s)\n", path, std::strerror(errno));
        return;
    }
    std::fputs("escaped\n", file);
    std::fclose(file);
    std::printf("hostile: write %s: WROTE\n", path);
}

void tryToConnect() {
    const int port = std::atoi(fromEnvironment("RACELAB_TEST_PORT"));
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) {
        std::printf("hostile: socket: refused (%s)\n", std::strerror(errno));
        return;
    }
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<unsigned short>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0)
        std::printf("hostile: connect to port %d: refused (%s)\n", port, std::strerror(errno));
    else
        std::printf("hostile: connect to port %d: CONNECTED\n", port);
    close(fd);
}

void tryToFork() {
    int made = 0;
    for (int i = 0; i < 64; ++i) {
        const pid_t child = fork();
        if (child == 0)
            for (;;) pause();
        if (child > 0) ++made;
    }
    std::printf("hostile: forked %d of 64 (%s)\n", made, made == 64 ? "every one" : std::strerror(errno));
}

void tryToAllocate() {
    std::vector<void*> blocks;
    for (int i = 0; i < 64; ++i) {
        void* block = std::malloc(1ul << 30);
        if (!block) break;
        blocks.push_back(block);
    }
    std::printf("hostile: allocated %zu GiB of 64\n", blocks.size());
    for (void* block : blocks) std::free(block);
}

}  // namespace

CudaRenderer::CudaRenderer()
    : image(NULL), numCircles(0), position(NULL), velocity(NULL), color(NULL), radius(NULL), cudaDevicePosition(NULL),
      cudaDeviceVelocity(NULL), cudaDeviceColor(NULL), cudaDeviceRadius(NULL), cudaDeviceImageData(NULL) {}

CudaRenderer::~CudaRenderer() { delete image; }

const Image* CudaRenderer::getImage() {
    cudaMemcpy(image->data, cudaDeviceImageData, sizeof(float) * 4 * image->width * image->height, cudaMemcpyDeviceToHost);
    return image;
}

void CudaRenderer::loadScene(SceneName scene, int seed) {
    sceneName = scene;
    loadCircleScene(sceneName, numCircles, position, velocity, color, radius, seed);
}

void CudaRenderer::setup() {
    cudaMalloc(&cudaDeviceImageData, sizeof(float) * 4 * image->width * image->height);
    switch (sceneName) {
        case CIRCLE_RGB: tryToRead(); break;
        case CIRCLE_RGBY: tryToWrite(); break;
        case CIRCLE_TEST_10K: tryToConnect(); break;
        case PATTERN: tryToFork(); break;
        case BIG_LITTLE: tryToAllocate(); break;
        default: break;
    }
    std::fflush(stdout);
}

void CudaRenderer::allocOutputImage(int width, int height) {
    delete image;
    image = new Image(width, height);
}

void CudaRenderer::clearImage() {
    std::vector<float> white(4ul * image->width * image->height, 1.f);
    cudaMemcpy(cudaDeviceImageData, white.data(), white.size() * sizeof(float), cudaMemcpyHostToDevice);
}

void CudaRenderer::advanceAnimation() {}

void CudaRenderer::render() {
    if (sceneName == CIRCLE_TEST_100K)
        for (;;) sleep(1);
}
