#include "core/crash_report.hpp"

#include <execinfo.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

namespace racelab {
namespace {

// Only async-signal-safe calls here: write, backtrace_symbols_fd (backtrace is made safe by calling it once
// before any crash, which loads libgcc), strsignal's text copied before.
void writeText(const char* text) { (void)!write(STDERR_FILENO, text, strlen(text)); }

void onCrash(int signal) {
    char number[16];
    int n = 0;
    for (int v = signal; v > 0 && n < 15; v /= 10) number[n++] = static_cast<char>('0' + v % 10);
    writeText("\nracelab crashed (signal ");
    while (n > 0) (void)!write(STDERR_FILENO, &number[--n], 1);
    writeText(", ");
    writeText(sigabbrev_np(signal) ? sigabbrev_np(signal) : "?");
    writeText("): a fault of racelab's, not of your code. Its stack (addr2line -f -C -e BINARY OFFSET names each):\n");
    void* frames[64];
    const int depth = backtrace(frames, 64);
    backtrace_symbols_fd(frames, depth, STDERR_FILENO);
    // Die of the same signal, as without the report (the exit status and any core file say so).
    struct sigaction fallback {};
    fallback.sa_handler = SIG_DFL;
    sigaction(signal, &fallback, nullptr);
    raise(signal);
}

}  // namespace

void reportCrashes() {
    static bool installed = false;
    if (installed) return;
    installed = true;
    void* warm[1];
    backtrace(warm, 1);  // loads what backtrace needs now, not inside the handler
    // A stack of its own for the report, so that a stack overflow is reported too (its handler would find no
    // stack left to run on).
    static char alternate[64 * 1024];
    stack_t stack{};
    stack.ss_sp = alternate;
    stack.ss_size = sizeof alternate;
    sigaltstack(&stack, nullptr);
    struct sigaction action {};
    action.sa_handler = onCrash;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND | SA_ONSTACK;
    for (int signal : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) sigaction(signal, &action, nullptr);
    if (const char* crash = getenv("RACELAB_CRASH_ON_PURPOSE"); crash && strcmp(crash, "1") == 0) raise(SIGSEGV);
}

}  // namespace racelab
