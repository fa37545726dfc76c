#include "app/kernel_access_checks.hpp"

#include <cstdio>

#include "userkernel/racecheck/access_findings.hpp"
#include "userkernel/racecheck/device/racelab/access_check_layout.cuh"
#include "userkernel/build/kernel_compiler.hpp"

namespace racelab {

unsigned accessChecksFor(bool races, bool checked) {
    return (races ? RACELAB_ACCESS_RACES : 0u) | (checked ? RACELAB_ACCESS_CHECKED : 0u);
}

bool reportAccessFindings(const userkernel::UserKernel& kernel, double secondsSinceAsked, std::optional<std::pair<int, int>> pixel) {
    const userkernel::UserKernelStatus& status = kernel.status();
    if (!kernel.form().accessChecksCover) {
        std::printf("--races/--checked: this kind of kernel is not instrumented; use --sanitize (compute-sanitizer)\n");
        return true;
    }
    if ((kernel.options().accessChecks & RACELAB_ACCESS_CHECKED) && !kernel.form().checkedModeCovers)
        std::printf("--checked: a whole-file solution is checked for races only (racelab does not know all of its buffers "
                    "and variables, so it cannot tell an out-of-bounds access); --sanitize runs compute-sanitizer's memcheck\n");
    const std::optional<userkernel::AccessSites> sites = kernel.accessSites();
    if (!sites || !status.accesses) {
        std::printf("--races/--checked: the frame ran without the access checks' report (racelab's fault, not the kernel's)\n");
        return false;
    }
    const userkernel::FindingContext context = kernel.findingContext();
    std::fputs(userkernel::formatAccessFindings(*status.accesses, *sites, context).c_str(), stdout);
    if (pixel) {
        if (pixel->first >= status.frameWidth || pixel->second >= status.frameHeight)
            std::printf("--pixel %d,%d: outside the %dx%d frame\n", pixel->first, pixel->second, status.frameWidth, status.frameHeight);
        else
            std::fputs(userkernel::formatTracedAccesses(*status.accesses, *sites, context, *pixel).c_str(), stdout);
    }
    std::printf("(instrumented build %s%.2f s; findings %.2f s after the command started)\n", status.fromCache ? "from the cache, " : "",
                status.compileMs / 1000.0, secondsSinceAsked);
    return status.accesses->races.empty() && status.accesses->strayCount == 0;
}

}  // namespace racelab
