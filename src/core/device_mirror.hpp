// DeviceMirror: whether the device copy of some host state is current, and the one place that uploads it
// when it is not. A scene marks it stale when the host state changes (regenerate, a cpu-side step, a backend
// switch) and calls ensure() before each use of the device copy; the upload runs only when stale, or when the
// key (e.g. the frame size the device copy was made for) differs from the last upload's.
#pragma once
#include <utility>

namespace racelab {

template <class Key = int>
class DeviceMirror {
public:
    void markStale() { current_ = false; }
    bool current() const { return current_; }
    bool current(const Key& key) const { return current_ && key_ == key; }

    // Runs upload() when the copy is stale or was made for another key; returns whether it ran. The copy
    // counts as current only once upload() returned (an upload that throws leaves it stale).
    template <class Upload>
    bool ensure(const Key& key, Upload&& upload) {
        if (current(key)) return false;
        std::forward<Upload>(upload)();
        key_ = key;
        current_ = true;
        return true;
    }
    template <class Upload>
    bool ensure(Upload&& upload) {
        return ensure(Key{}, std::forward<Upload>(upload));
    }

private:
    bool current_ = false;
    Key key_{};
};

}  // namespace racelab
