// The user kernel's plain parts: NVRTC's log format turned into FILE:LINE:COL, file watching, the cache, and
// finding a toolkit library.
#include <gtest/gtest.h>

#include <pthread.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "core/toolkit_library.hpp"
#include "userkernel/build/compile_diagnostics.hpp"
#include "userkernel/build/file_watch.hpp"
#include "userkernel/build/nvcc_messages.hpp"
#include "userkernel/build/kernel_cache.hpp"

namespace fs = std::filesystem;
using namespace racelab;
using namespace racelab::userkernel;

TEST(CompileDiagnostics, NvrtcsLogBecomesFileLineColumn) {
    // A log as NVRTC 13.0 writes it (taken from a real compile of a hand-written file).
    const std::string log =
        "/k/my.cu(4): error: identifier \"y\" is undefined\n"
        "          y = x + 1;\n"
        "          ^\n"
        "\n"
        "/k/my.cu(9): warning #177-D: variable \"u\" was declared but never referenced\n"
        "      int u;\n"
        "          ^\n"
        "\n"
        "/r/launch.cuh(53): error: static assertion failed with \"no arguments\"\n"
        "      static_assert(sizeof...(Arguments) == 0,\n"
        "      ^\n"
        "          detected during instantiation of \"step\" at line 3 of /k/my.cu\n"
        "\n"
        "/k/other.cuh(2): catastrophic error: cannot open source file \"nope.h\"\n"
        "\n"
        "2 errors detected in the compilation of \"/k/my.cu\".\n";
    const auto d = parseNvrtcLog(log);
    ASSERT_EQ(d.size(), 4u);
    EXPECT_EQ(d[0].headline(), "/k/my.cu:4:9: error: identifier \"y\" is undefined");
    EXPECT_EQ(d[0].sourceLine, "        y = x + 1;");
    EXPECT_EQ(d[1].headline(), "/k/my.cu:9:9: warning: variable \"u\" was declared but never referenced");
    // A contract check in racelab's header points back at the user's line.
    EXPECT_EQ(formatDiagnostics({d[2]}), "/r/launch.cuh:53:5: error: static assertion failed with \"no arguments\"\n"
                                         "/k/my.cu:3: note: required from here\n"
                                         "      static_assert(sizeof...(Arguments) == 0,\n      ^\n");
    EXPECT_EQ(d[3].headline(), "/k/other.cuh:2: fatal error: cannot open source file \"nope.h\"");
    EXPECT_EQ(errorCount(d), 3);
    EXPECT_EQ(formatDiagnostics({d[0]}), "/k/my.cu:4:9: error: identifier \"y\" is undefined\n          y = x + 1;\n          ^\n");
}

// A check several templates deep (a launch's arguments against its kernel): EDG lists the instantiations
// innermost first, those in the error's own file without " of FILE" (as NVRTC 13.0 writes them), and the
// outermost is the user's launch list.
TEST(CompileDiagnostics, AChainOfInstantiationsPointsAtItsOutermostLine) {
    const std::string log =
        "/r/launch.cuh(233): error: static assertion failed with \"RACELAB_ARGS gives a different number\"\n"
        "      static_assert(sizeof...(A) == sizeof...(Parameters),\n"
        "      ^\n"
        "          detected during:\n"
        "            instantiation of \"void describeArguments(LaunchStep &, ArgumentList<A...>)\" at line 252\n"
        "            instantiation of \"void apply(LaunchStep &, ArgumentList<A...>)\" at line 270\n"
        "            instantiation of \"LaunchStep step(const char *)\" at line 7 of /k/my.cu\n"
        "\n"
        "1 error detected in the compilation of \"/k/my.cu\".\n";
    const auto d = parseNvrtcLog(log);
    ASSERT_EQ(d.size(), 1u);
    EXPECT_EQ(d[0].fromFile, "/k/my.cu");
    EXPECT_EQ(d[0].fromLine, 7);
}

// Lines hundreds of kilobytes long (a template's full name, racelab's records in a cached build's log) are
// read without a recursion as deep as the line: read on a thread of 1 MiB of stack, the logs below are
// parsed, the diagnostics in them found in full at their heads and ends. With std::regex over whole lines, a
// line of 33 KB overflowed a thread of 8 MiB on an H200 machine.
TEST(CompileDiagnostics, LinesHundredsOfKilobytesLongAreReadOnASmallStack) {
    const std::string huge(300 * 1024, 'x');
    const std::string nvcc = huge + "\n/k/sol.cu:12:5: error: '" + huge + "' was not declared\n" + "{\"sites\": [" + huge + "]}\n";
    const std::string nvrtc = "/k/sol.cu(41): error: no instance of " + huge + "\n"
                              "          detected during instantiation of \"" + huge + "\" at line 9 of /k/my.cu\n";
    std::vector<Diagnostic> fromNvcc, fromNvrtc;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setstacksize(&attributes, 1024 * 1024);
    struct Work {
        const std::string *nvcc, *nvrtc;
        std::vector<Diagnostic> *fromNvcc, *fromNvrtc;
    } work{&nvcc, &nvrtc, &fromNvcc, &fromNvrtc};
    pthread_t thread;
    ASSERT_EQ(pthread_create(&thread, &attributes, [](void* p) -> void* {
        auto& w = *static_cast<Work*>(p);
        *w.fromNvcc = parseNvccOutput(*w.nvcc);
        *w.fromNvrtc = parseNvrtcLog(*w.nvrtc);
        return nullptr;
    }, &work), 0);
    pthread_join(thread, nullptr);
    pthread_attr_destroy(&attributes);
    ASSERT_EQ(fromNvcc.size(), 1u);
    EXPECT_EQ(fromNvcc[0].file, "/k/sol.cu");
    EXPECT_EQ(fromNvcc[0].line, 12);
    EXPECT_EQ(fromNvcc[0].column, 5);
    EXPECT_EQ(fromNvcc[0].severity, "error");
    EXPECT_EQ(fromNvcc[0].message.size(), huge.size() + 19) << "the message in full";
    ASSERT_EQ(fromNvrtc.size(), 1u);
    EXPECT_EQ(fromNvrtc[0].file, "/k/sol.cu");
    EXPECT_EQ(fromNvrtc[0].line, 41);
    EXPECT_EQ(fromNvrtc[0].fromFile, "/k/my.cu");
    EXPECT_EQ(fromNvrtc[0].fromLine, 9);
    EXPECT_EQ(fromNvrtc[0].message.rfind("no instance of xxx", 0), 0u) << "kept from its start";
}

TEST(FileWatch, SeesWritesReplacementsAndRemovals) {
    const fs::path folder = fs::temp_directory_path() / ("racelab_watch_" + std::to_string(getpid()));
    fs::create_directories(folder);
    const std::string file = (folder / "k.cu").string();
    std::ofstream(file) << "one";
    FileWatch watch({file});
    EXPECT_FALSE(watch.changed());
    std::ofstream(file) << "two!";  // written in place, another size
    EXPECT_TRUE(watch.changed());
    EXPECT_FALSE(watch.changed());  // once per change
    // An editor's save: a new file renamed over the old one (a new inode, maybe the same size and second).
    std::ofstream(file + ".swp") << "two?";
    fs::rename(file + ".swp", file);
    EXPECT_TRUE(watch.changed());
    fs::remove(file);
    EXPECT_TRUE(watch.changed());
    std::ofstream(file) << "back";
    EXPECT_TRUE(watch.changed());
    fs::remove_all(folder);
}

TEST(KernelCacheDigest, AnEntryUnderAnotherKeyIsNotTaken) {
    const fs::path folder = fs::temp_directory_path() / ("racelab_cache_" + std::to_string(getpid()));
    const KernelCache cache(folder.string());
    ASSERT_TRUE(cache.enabled());
    ASSERT_TRUE(cache.store("key one", {{1, 2, 3}, "log"}));
    const auto hit = cache.load("key one");
    ASSERT_TRUE(hit.has_value());
    EXPECT_EQ(hit->cubin, (std::vector<std::uint8_t>{1, 2, 3}));
    EXPECT_EQ(hit->log, "log");
    EXPECT_FALSE(cache.load("key two").has_value());
    EXPECT_FALSE(KernelCache("").enabled());
    fs::remove_all(folder);
}

TEST(ToolkitLibrary, AMissingLibraryNamesWhereItLooked) {
    const ToolkitLibrary library = openToolkitLibrary({"libracelab-no-such-library.so.1"}, {"/nonexistent/lib"});
    EXPECT_EQ(library.handle, nullptr);
    EXPECT_NE(library.error.find("libracelab-no-such-library.so.1"), std::string::npos) << library.error;
    EXPECT_NE(library.error.find("/nonexistent/lib"), std::string::npos) << library.error;
}
