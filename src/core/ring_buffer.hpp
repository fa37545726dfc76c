// Fixed-capacity history of the last N samples, oldest first when copied out (feeds the frame graph).
#pragma once
#include <cstddef>
#include <vector>

namespace racelab {

template <typename T>
class RingBuffer {
public:
    explicit RingBuffer(std::size_t capacity) : data_(capacity) {}

    void push(const T& value) {
        data_[next_] = value;
        next_ = (next_ + 1) % data_.size();
        if (size_ < data_.size()) ++size_;
    }
    std::size_t size() const { return size_; }
    std::size_t capacity() const { return data_.size(); }
    void clear() { size_ = next_ = 0; }

    // Element i counted from the oldest.
    const T& operator[](std::size_t i) const {
        std::size_t start = (next_ + data_.size() - size_) % data_.size();
        return data_[(start + i) % data_.size()];
    }
    std::vector<T> toVector() const {
        std::vector<T> out;
        out.reserve(size_);
        for (std::size_t i = 0; i < size_; ++i) out.push_back((*this)[i]);
        return out;
    }

private:
    std::vector<T> data_;
    std::size_t next_ = 0;
    std::size_t size_ = 0;
};

}  // namespace racelab
