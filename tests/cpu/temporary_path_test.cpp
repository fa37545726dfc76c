// Temporary files and folders (core/temporary_path.hpp): made under $TMPDIR, gone at the end of their scope
// with whatever was written into them, unless a file is kept for its reader; a folder that cannot be made
// says what it was for.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "core/errors.hpp"
#include "core/read_file.hpp"
#include "core/temporary_path.hpp"
#include "fresh_folder.hpp"

namespace fs = std::filesystem;
using namespace racelab;

namespace {

// $TMPDIR set for one test's scope, then as it was.
class TemporaryRootSetTo {
public:
    explicit TemporaryRootSetTo(const std::string& root) {
        if (const char* old = std::getenv("TMPDIR")) old_ = old;
        setenv("TMPDIR", root.c_str(), 1);
    }
    ~TemporaryRootSetTo() {
        if (old_) setenv("TMPDIR", old_->c_str(), 1);
        else unsetenv("TMPDIR");
    }

private:
    std::optional<std::string> old_;
};

}  // namespace

TEST(TemporaryPath, AFileHoldsItsBytesAndGoesAtTheEndOfItsScope) {
    std::string path;
    {
        const TemporaryFile file({'c', 'u', 'b', 0, 'n'});
        path = file.path();
        EXPECT_TRUE(fs::equivalent(fs::path(path).parent_path(), temporaryRoot())) << path;
        EXPECT_EQ(readWholeFile(path).value_or(""), std::string("cub\0n", 5));
    }
    EXPECT_FALSE(fs::exists(path));
}

TEST(TemporaryPath, AKeptFileStaysForItsReader) {
    const fs::path folder = freshTestFolder("temporary-kept");
    std::string kept;
    {
        TemporaryFile file({1, 2, 3}, folder.string());
        EXPECT_EQ(fs::path(file.path()).parent_path(), folder);
        kept = file.keep();
        EXPECT_TRUE(file.path().empty());
    }
    EXPECT_TRUE(fs::is_regular_file(kept));
    fs::remove_all(folder);
}

TEST(TemporaryPath, AFolderGoesWithWhatWasWrittenInIt) {
    std::string path;
    {
        const TemporaryFolder folder("racelab-test-", "a test");
        path = folder.path();
        EXPECT_TRUE(fs::is_directory(path));
        EXPECT_TRUE(fs::is_empty(path));
        EXPECT_EQ(fs::path(path).filename().string().rfind("racelab-test-", 0), 0u) << path;
        fs::create_directories(fs::path(path) / "inner");
        std::ofstream(fs::path(path) / "inner" / "report.log") << "left behind";
        const TemporaryFolder another("racelab-test-", "a test");
        EXPECT_NE(another.path(), path);
    }
    EXPECT_FALSE(fs::exists(path));
}

TEST(TemporaryPath, TheRootIsTmpdirElseTmp) {
    const fs::path root = freshTestFolder("temporary-root");
    {
        const TemporaryRootSetTo set(root.string());
        EXPECT_EQ(temporaryRoot(), root.string());
        const TemporaryFolder folder("racelab-test-", "a test");
        EXPECT_EQ(fs::path(folder.path()).parent_path(), root);
    }
    {
        const TemporaryRootSetTo set("");
        EXPECT_EQ(temporaryRoot(), "/tmp");
    }
    fs::remove_all(root);
}

TEST(TemporaryPath, AFolderThatCannotBeMadeSaysWhatItWasFor) {
    const TemporaryRootSetTo set("/nonexistent/racelab");
    try {
        const TemporaryFolder folder("racelab-test-", "the tool's report");
        FAIL() << "made " << folder.path();
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("cannot make a folder for the tool's report in /nonexistent/racelab/racelab-test-"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_THROW(TemporaryFile({1}), Error);
}
