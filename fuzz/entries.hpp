// The fuzzed entry points: each takes arbitrary bytes, feeds them to one input path of racelab the way a
// user's file or command line would reach it, and checks what comes out. Bad input must end in a
// racelab::Error (the one-line message users see); anything else -- a crash, a sanitizer report, another
// exception, or a result that breaks its invariants -- is a bug. libFuzzer drives them (fuzz/*.cpp,
// preset "fuzz"), and the CPU tests replay the seeds and every saved regression input through them.
#pragma once
#include <cstddef>
#include <cstdint>

namespace racelab::fuzz {

// First byte: which loader (OFF, OBJ, vertex CSV, triangle CSV); the rest is the file.
int meshFiles(const std::uint8_t* data, std::size_t size);
// The bytes as an image file for fourier/image: decode, then (small images) edges, contours, preprocessing.
int image(const std::uint8_t* data, std::size_t size);
// The bytes as an SVG drawing (fourier/text, --image drawing.svg, a dropped file): parsed, then sampled.
int svg(const std::uint8_t* data, std::size_t size);
// The bytes as a command line (arguments separated by newlines or NULs): parsed with racelab's own CLI
// definitions, then the scene selection validated and applied to a cheap scene.
int commandLine(const std::uint8_t* data, std::size_t size);

}  // namespace racelab::fuzz
