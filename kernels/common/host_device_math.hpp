// Arithmetic that rounds the same way on the GPU and on the CPU, for formulas compiled by both nvcc and the
// host compiler. nvcc contracts a*b+c into a fused multiply-add wherever it can; the host build does not
// (-ffp-contract=off), so a formula whose result must be bit-identical on both sides spells each product
// and sum with these helpers: on the device they are the explicitly rounded intrinsics, which nvcc never
// fuses; on the host they are the plain operators.
#pragma once

#if defined(__CUDACC__)
#define RACELAB_HD __host__ __device__ __forceinline__
#else
#define RACELAB_HD inline
#endif

namespace racelab {

RACELAB_HD float mulRn(float a, float b) {
#if defined(__CUDA_ARCH__)
    return __fmul_rn(a, b);
#else
    return a * b;
#endif
}

RACELAB_HD float addRn(float a, float b) {
#if defined(__CUDA_ARCH__)
    return __fadd_rn(a, b);
#else
    return a + b;
#endif
}

RACELAB_HD float subRn(float a, float b) {
#if defined(__CUDA_ARCH__)
    return __fsub_rn(a, b);
#else
    return a - b;
#endif
}

// The same for double (the margin visibility rule decides in double precision).
RACELAB_HD double mulRn(double a, double b) {
#if defined(__CUDA_ARCH__)
    return __dmul_rn(a, b);
#else
    return a * b;
#endif
}

RACELAB_HD double addRn(double a, double b) {
#if defined(__CUDA_ARCH__)
    return __dadd_rn(a, b);
#else
    return a + b;
#endif
}

RACELAB_HD double subRn(double a, double b) {
#if defined(__CUDA_ARCH__)
    return __dsub_rn(a, b);
#else
    return a - b;
#endif
}

}  // namespace racelab
