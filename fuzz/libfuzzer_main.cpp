// One libFuzzer target; RACELAB_FUZZ_ENTRY names the entry point of fuzz/entries.hpp it drives.
#include "entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return racelab::fuzz::RACELAB_FUZZ_ENTRY(data, size);
}
