// Output files that appear whole or not at all: written to "<path>.tmp" and renamed, so a failure (or a
// crash) never leaves a half-written file under the real name.
#pragma once
#include <functional>
#include <string>

namespace racelab {

// `write` writes the file at the path it is given and returns false on failure. Throws UsageError
// naming `path` when writing or renaming fails; the temporary file is removed.
void writeFileAtomically(const std::string& path, const std::function<bool(const std::string&)>& write);
// The same for text: everything `fill` puts into the stream.
void writeTextFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& fill);

}  // namespace racelab
