// Why racelab never makes its own streams wait on an event the kernel worker records (docs/DECISIONS.md,
// "The worker's hand-over is one frame at a time"): a parent process waits on an interprocess event whose
// record a child process has queued behind a one-second kernel; then the child either finishes (ok), faults
// before the record (fault), or is killed (kill). On the H100 (driver 580) the ok case releases the wait
// after the kernel's second; in the fault and kill cases the parent process itself stays blocked inside CUDA
// calls until it is killed.
// Build and run on a machine with a GPU:
//   nvcc -O2 -o ipc_event_after_fault tools/probes/ipc_event_after_fault.cu
//   for m in ok fault kill; do timeout 40 ./ipc_event_after_fault $m; echo "exit $?"; done
#include <cuda_runtime.h>
#include <unistd.h>
#include <signal.h>
#include <sys/wait.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <chrono>
#include <thread>
#include <string>

__global__ void spin(long long cycles) { long long t0 = clock64(); while (clock64() - t0 < cycles) {} }
__global__ void fault() { *(volatile int*)0x10 = 1; }
__global__ void mark(int* f) { *f = 1; }

static double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

int child(const char* mode) {
    cudaIpcEventHandle_t h; FILE* f = fopen("/tmp/ipcprobe.h", "rb"); fread(&h, sizeof h, 1, f); fclose(f);
    cudaEvent_t e; if (cudaIpcOpenEventHandle(&e, h) != cudaSuccess) { printf("child: open failed\n"); return 2; }
    cudaStream_t s; cudaStreamCreate(&s);
    spin<<<1, 1, 0, s>>>(2000000000LL);  // ~1 s
    if (!strcmp(mode, "fault")) fault<<<1, 1, 0, s>>>();
    cudaEventRecord(e, s);
    FILE* q = fopen("/tmp/ipcprobe.q", "w"); fclose(q);
    if (!strcmp(mode, "kill")) { usleep(100000); kill(getpid(), SIGKILL); }
    cudaError_t r = cudaStreamSynchronize(s);
    printf("child(%s): sync -> %s\n", mode, cudaGetErrorName(r)); fflush(stdout);
    return 0;
}

int parent(const char* self, const char* mode) {
    cudaFree(0);
    cudaEvent_t e; cudaEventCreateWithFlags(&e, cudaEventInterprocess | cudaEventDisableTiming);
    cudaIpcEventHandle_t h; cudaIpcGetEventHandle(&h, e);
    FILE* f = fopen("/tmp/ipcprobe.h", "wb"); fwrite(&h, sizeof h, 1, f); fclose(f);
    unlink("/tmp/ipcprobe.q");
    pid_t pid = fork();
    if (pid == 0) { execl(self, self, "child", mode, (char*)nullptr); _exit(3); }
    while (access("/tmp/ipcprobe.q", F_OK) != 0) usleep(1000);
    int* flag; cudaMallocManaged(&flag, 4); *flag = 0;
    cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    double t0 = now();
    cudaStreamWaitEvent(s, e, 0);
    mark<<<1, 1, 0, s>>>(flag);
    bool done = false;
    while (now() - t0 < 6) { if (cudaStreamQuery(s) == cudaSuccess) { done = true; break; } usleep(2000); }
    printf("parent(%s): wait %s after %.3f s\n", mode, done ? "RELEASED" : "STILL BLOCKED", now() - t0);
    if (!done) {
        cudaStream_t s2; cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking);
        cudaEventRecord(e, s2);
        double t1 = now();
        while (now() - t1 < 3) { if (cudaStreamQuery(s) == cudaSuccess) { done = true; break; } usleep(2000); }
        printf("parent(%s): after recording the event itself: %s after %.3f s\n", mode, done ? "RELEASED" : "STILL BLOCKED", now() - t1);
    }
    int st; waitpid(pid, &st, 0);
    printf("parent(%s): child exit status %d signaled %d\n", mode, WIFEXITED(st) ? WEXITSTATUS(st) : -1, WIFSIGNALED(st));
    if (!done) {
        double t2 = now();
        while (now() - t2 < 3) { if (cudaStreamQuery(s) == cudaSuccess) { done = true; break; } usleep(2000); }
        printf("parent(%s): 3 s after the child is gone: %s\n", mode, done ? "RELEASED" : "STILL BLOCKED");
    }
    if (done) printf("parent(%s): parent context ok: %s\n", mode, cudaGetErrorName(cudaDeviceSynchronize()));
    else printf("parent(%s): its stream never completes: the process can only leave it behind\n", mode);
    fflush(stdout);
    _exit(0);
    fflush(stdout);
    return 0;
}

int main(int argc, char** argv) {
    setvbuf(stdout, nullptr, _IONBF, 0);
    if (argc >= 3 && !strcmp(argv[1], "child")) return child(argv[2]);
    const char* mode = argc >= 2 ? argv[1] : "ok";
    return parent(argv[0], mode);
}
