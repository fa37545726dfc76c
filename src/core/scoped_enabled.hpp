#pragma once

// Turns a switchable recorder (KernelTiming, FrameGraph: anything with enabled() and setEnabled(bool)) on
// or off for one scope and puts back what it was when the scope ends, also when a frame throws, so that a
// bench pass never leaves step timing or graph capture switched for the passes after it.
namespace racelab {

template <typename Switchable>
class ScopedEnabled {
public:
    ScopedEnabled(Switchable& target, bool on) : target_(target), was_(target.enabled()) { target_.setEnabled(on); }
    ~ScopedEnabled() { target_.setEnabled(was_); }
    ScopedEnabled(const ScopedEnabled&) = delete;
    ScopedEnabled& operator=(const ScopedEnabled&) = delete;

private:
    Switchable& target_;
    bool was_;
};

}  // namespace racelab
