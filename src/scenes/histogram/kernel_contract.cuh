// racelab/histogram.cuh: the histogram family's contract with a user kernel (installed as
// share/racelab/kernels/include/racelab/histogram.cuh; `#include <racelab/histogram.cuh>` finds it).
//
// The kernel counts N integers into B bins. histogramParams holds the inputs, each already a bin index in
// 0..bins-1 (the generated presets hash them, histogram/image bins each pixel's luminance), and the bins: one
// unsigned counter per bin, which racelab has set to zero before the file's launches run. When they are done,
// bins[b] must be the number of inputs equal to b; racelab draws the bars from them (left half of each slot)
// beside the CPU reference's (right half), so a correct count draws exactly the reference's chart. The inputs
// are racelab's copies: writing them changes no later frame.
#pragma once
#include <racelab/launch.cuh>

struct HistogramParams {
    const unsigned* values;  // count inputs, each a bin index 0..bins-1
    int count;               // N
    int bins;                // B, 2..4096 (B counters fit in 16 KiB of shared memory)
    unsigned* histogram;     // B counters, zero when the launches start
};

__constant__ HistogramParams histogramParams;

// The sizes launch lists and scratch buffers count in (RACELAB_PER_ITEM, RACELAB_BUFFER).
#define RACELAB_INPUTS 0  // count
#define RACELAB_BINS 1    // bins

// The largest bin count a scene can ask for: a block's private copy of the bins fits in this many counters.
#define RACELAB_MAX_BINS 4096
