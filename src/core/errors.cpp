// Formats check failures uniformly: "<api> error at file:line: expression: detail".
#include "core/errors.hpp"

#include <filesystem>

namespace racelab {

void throwNoCudaBuild() { throw Error("this build has no CUDA backend; use --backend cpu"); }

void throwCheckFailure(const char* api, const char* expression, const std::string& detail, const char* file,
                       int line) {
    std::string where = std::filesystem::path(file).filename().string() + ":" + std::to_string(line);
    throw Error(std::string(api) + " error at " + where + ": " + expression + (detail.empty() ? "" : ": " + detail));
}

}  // namespace racelab
