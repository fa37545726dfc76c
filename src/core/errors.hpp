// One error type for the whole program and the check macros that throw it with file:line and the
// failing expression; main() catches it, prints one line and exits non-zero.
#pragma once
#include <stdexcept>
#include <string>

namespace racelab {

struct Error : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Bad user input (sizes, names, paths): reported without file:line, it is not a program fault.
struct UsageError : Error {
    using Error::Error;
};

// An optional input this run was not given or this machine does not have (fourier/image without --image, a
// mesh tools/fetch-meshes.sh has not fetched). Still a UsageError for a single command, but `bench --suite`
// reports the preset as one that cannot run here rather than as a failure.
struct MissingInputError : UsageError {
    using UsageError::UsageError;
};

// A request larger than the free memory of this machine (GPU or host), refused before allocating. The input is
// valid, the machine is too small: `bench --suite` reports the preset as one that cannot run here.
struct InsufficientMemoryError : Error {
    using Error::Error;
};

// For GPU paths reached in a build without nvcc: says so and points at the cpu backend.
[[noreturn]] void throwNoCudaBuild();

[[noreturn]] void throwCheckFailure(const char* api, const char* expression, const std::string& detail,
                                    const char* file, int line);

}  // namespace racelab

#define RACELAB_REQUIRE(condition, message)                                                   \
    do {                                                                                       \
        if (!(condition)) ::racelab::throwCheckFailure("check", #condition, (message), __FILE__, __LINE__); \
    } while (0)
