// SIGINT and SIGTERM as a request to stop: the long loops (bench, the viewer, headless view, fourier export)
// finish the frame they are on, write their files whole (no half CSV row, the JSON summary) and exit with
// 128 + the signal number. A second signal ends the process at once, as usual.
#pragma once

namespace racelab {

void watchInterrupts();
int interruptSignal();  // the signal received, 0 while none
inline int interruptedExitCode() { return 128 + interruptSignal(); }

}  // namespace racelab
