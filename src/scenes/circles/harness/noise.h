// racelab's version of the course harness's noise.h: the snow scene's noise field on the host, and its tables
// for a renderer's setup() to copy to the GPU (noiseCuda.cu_inl reads them there). The tables are the
// course's: two permutations of 0..255 and 256 values in [-1, 1].
#ifndef RACELAB_HARNESS_NOISE_H
#define RACELAB_HARNESS_NOISE_H

// Noise in [-1, 1]^2 at `location` for flake `index` (the x channel mixes the index in).
void vec2CellNoise(float location[3], float result[2], int index);
// Points the three arguments at the tables (256 entries each); they stay valid for the life of the process.
void getNoiseTables(int** permX, int** permY, float** value1D);

#endif
