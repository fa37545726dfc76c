// Temporary files and folders that remove themselves when they go: a private file holding bytes for another
// process to read (a compiled kernel, a solution's library: the worker's socket keeps its messages small), and a
// private folder for what a tool writes (nvcc's objects, compute-sanitizer's report, a sandboxed worker's /tmp).
// Both are made under $TMPDIR (else /tmp) with names no other process can have taken (mkstemp, mkdtemp).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace racelab {

// $TMPDIR where it is set and not empty, else /tmp.
std::string temporaryRoot();

class TemporaryFile {
public:
    // In `folder`, else in temporaryRoot(). Throws Error when it cannot be made or written.
    explicit TemporaryFile(const std::vector<std::uint8_t>& bytes, const std::string& folder = "");
    ~TemporaryFile();
    TemporaryFile(const TemporaryFile&) = delete;
    TemporaryFile& operator=(const TemporaryFile&) = delete;
    const std::string& path() const { return path_; }
    // Leaves the file for its reader to remove (the compile process's cubin, read back by racelab).
    std::string keep();

private:
    std::string path_;
};

class TemporaryFolder {
public:
    // An empty folder in temporaryRoot() named `prefix` and six characters of mkdtemp's. Throws Error
    // "cannot make a folder for PURPOSE in PATTERN: REASON", so that a caller's failure says what it was for.
    TemporaryFolder(const std::string& prefix, const std::string& purpose);
    ~TemporaryFolder();  // the folder and whatever was left in it
    TemporaryFolder(const TemporaryFolder&) = delete;
    TemporaryFolder& operator=(const TemporaryFolder&) = delete;
    const std::string& path() const { return path_; }

private:
    std::string path_;
};

}  // namespace racelab
