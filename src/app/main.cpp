// racelab: entry point. Parses the subcommands (CLI11), runs one, and turns every error into one line
// on stderr and a non-zero exit code.
#include <cstdio>
#include <cstring>

#include "app/command_line.hpp"
#include "core/crash_report.hpp"
#include "core/errors.hpp"
#include "core/interrupt.hpp"

int main(int argc, char** argv) {
    racelab::watchInterrupts();
    // racelab's own crash says so; the kernel worker's is the parent's to tell (it runs the user's code).
    if (argc < 2 || std::strcmp(argv[1], "kernel-worker") != 0) racelab::reportCrashes();
    racelab::CommandLine cli;
    try {
        cli.app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return cli.app.exit(e);
    }
    try {
        if (cli.dryParse) {
            cli.checkWithoutRunning();
            return 0;
        }
        return cli.run();
    } catch (const racelab::Error& e) {
        std::fprintf(stderr, "racelab: error: %s\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "racelab: unexpected error: %s\n", e.what());
        return 3;
    }
}
