// nvcc's own steps for one compile, as its --dryrun lists them (cicc, ptxas, fatbinary, the host compiler, ...),
// so that racelab can run the steps after the PTX again on a rewritten PTX: the instrumented build of a
// whole-file solution (whole_file_instrumented.hpp) takes nvcc's PTX of the solution's device code, instruments
// it, and assembles and embeds it as nvcc would have, with the host code unchanged. The steps are read and run
// as argument vectors, never through a shell: a solution's path is never parsed as shell text.
#pragma once
#include <map>
#include <string>
#include <vector>

namespace racelab::userkernel {

struct NvccSteps {
    std::map<std::string, std::string> variables;  // _HERE_, PATH, CICC_PATH, ... as the dry run sets them
    std::map<std::string, std::vector<std::string>> variableWords;  // the same, each value's words (INCLUDES' -I...)
    std::vector<std::vector<std::string>> commands;  // in order, each an argument vector with quotes removed
};

// The steps of `dryRunOutput` (nvcc --dryrun's lines, "#$ " first); $NAME and ${NAME} in a command are
// replaced by the dry run's own variables.
NvccSteps readNvccSteps(const std::string& dryRunOutput);

// One dry-run command line split into its arguments: blanks separate them; double quotes group, and are
// removed; a backslash inside quotes keeps the next character as it is.
std::vector<std::string> splitNvccCommand(const std::string& line);

// A step's program by its file name ("cicc", "ptxas"), and the argument of a step that ends with `end` (a file
// it reads or writes: ".ptx", ".cudafe1.cpp"), "" when none does.
std::string nvccStepName(const std::vector<std::string>& command);
std::string nvccStepArgumentEnding(const std::vector<std::string>& command, const std::string& end);

// The options that keep nvcc's intermediate files in `folder` (added to a compile, not to its cache key).
std::vector<std::string> keepOptions(const std::string& folder);

// The program a step names, as a path to run: as given when it holds a '/'; else in the dry run's _HERE_ (the
// toolkit's bin folder) or CICC_PATH, then on PATH. "" when found nowhere.
std::string nvccStepProgram(const NvccSteps& steps, const std::string& name);

}  // namespace racelab::userkernel
