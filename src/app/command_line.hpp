// The command line: every subcommand and option (CLI11) and the options they fill. main() parses and runs it;
// the command-line fuzzer parses with the very same definitions.
#pragma once
#include <CLI/CLI.hpp>

#include <memory>
#include <vector>

#include "app/commands.hpp"
#include "scenes/workload.hpp"

namespace racelab {

struct CommandLine {
    CommandLine();  // defines the subcommands and options
    CommandLine(const CommandLine&) = delete;
    CommandLine& operator=(const CommandLine&) = delete;
    int run();      // runs the parsed subcommand and returns its exit code (throws racelab::Error)
    // After parse(): checks what run() would check before doing any work -- scene and variant names, sizes,
    // backend, presenter -- without building a scene or touching a device. Throws UsageError.
    void checkWithoutRunning() const;

    CLI::App app;
    ViewOptions view;
    ServeOptions serve;
    BenchOptions bench;
    RenderOptions render;
    CheckOptions check;
    GradeOptions grade;
    FrameExportOptions frameExport;
    NewKernelOptions newKernel;
    CompileOptions compile;
    int workerSocket = -1, workerDevice = 0;
    long long compileWorkerAddressBytes = 0;
    bool listParams = false;
    bool dryParse = false;  // --dry-parse: main() calls checkWithoutRunning() instead of run()
    CLI::App *viewCommand = nullptr, *serveCommand = nullptr, *benchCommand = nullptr, *renderCommand = nullptr, *checkCommand = nullptr, *gradeCommand = nullptr,
             *framesCommand = nullptr, *listCommand = nullptr, *newKernelCommand = nullptr, *workerCommand = nullptr, *compileWorkerCommand = nullptr,
             *compileCommand = nullptr;
    // The subcommands the workload families add (WorkloadFamily::commands), each with its handler.
    std::vector<std::pair<CLI::App*, std::unique_ptr<FamilyCommandHandler>>> familyCommands;
    // The selection of the parsed subcommand, if it has one.
    const SceneSelection* selection() const;
};

}  // namespace racelab
