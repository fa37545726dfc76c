#include "core/interrupt.hpp"

#include <csignal>

namespace racelab {
namespace {

volatile std::sig_atomic_t received = 0;

void onSignal(int signal) { received = signal; }

}  // namespace

void watchInterrupts() {
    struct sigaction action = {};
    action.sa_handler = onSignal;
    action.sa_flags = SA_RESETHAND;  // the second signal takes the default action: end now
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
}

int interruptSignal() { return received; }

}  // namespace racelab
