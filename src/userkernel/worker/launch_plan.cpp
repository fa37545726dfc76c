#include "userkernel/worker/launch_plan.hpp"

#include <algorithm>
#include <cstring>
#include <limits>

#include "core/errors.hpp"

namespace racelab::userkernel {
namespace {

long long sizeAt(const FrameShape& frame, int index) {
    if (index < 0 || index >= static_cast<int>(frame.sizes.size())) throw Error("a launch counts a size the contract does not have");
    return frame.sizes[static_cast<std::size_t>(index)];
}

long long ceilDivide(long long a, long long b) { return b <= 0 || a <= 0 ? 0 : a / b + (a % b != 0); }

unsigned gridDimension(long long blocks, const char* axis, const LaunchStep& step) {
    const long long limit = axis[0] == 'x' ? 2147483647LL : 65535LL;
    if (blocks > limit)
        throw Error("the launch of " + nameOf(step.kernel) + " needs " + std::to_string(blocks) + " blocks in " + axis +
                    ", more than a grid holds (" + std::to_string(limit) + "): give each block more work");
    return static_cast<unsigned>(std::max(1LL, blocks));
}

// An integer or a real into `bytes` bytes of a parameter of `type`.
std::array<std::uint8_t, 8> slot(int type, int bytes, long long integer, double real) {
    std::array<std::uint8_t, 8> out{};
    auto put = [&](const auto value) { std::memcpy(out.data(), &value, sizeof value); };
    if (type == kParameterFloat) {
        if (bytes == 4) put(static_cast<float>(real));
        else put(real);
    } else if (bytes == 1) {
        put(static_cast<std::uint8_t>(integer));
    } else if (bytes == 2) {
        put(static_cast<std::uint16_t>(integer));
    } else if (bytes == 4) {
        put(static_cast<std::uint32_t>(integer));
    } else {
        put(static_cast<std::uint64_t>(integer));
    }
    return out;
}

bool sizeIndexValid(int index, std::size_t sizeCount) { return index >= 0 && index < static_cast<int>(sizeCount); }

}  // namespace

std::string nameOf(const char (&chars)[kNameChars]) { return std::string(chars, strnlen(chars, kNameChars)); }

Dim3 gridOf(const LaunchStep& step, const FrameShape& frame) {
    const long long bx = std::max(1, step.block[0]), by = std::max(1, step.block[1]);
    Dim3 grid;
    switch (step.rule) {
    case kGridPerItem:
        grid.x = gridDimension(ceilDivide(sizeAt(frame, step.sizeIndex), bx), "x", step);
        break;
    case kGridPerPixel:
        grid.x = gridDimension(ceilDivide(frame.width, bx), "x", step);
        grid.y = gridDimension(ceilDivide(frame.height, by), "y", step);
        break;
    case kGridPerTile:
        grid.x = gridDimension(ceilDivide(frame.width, step.tile[0]), "x", step);
        grid.y = gridDimension(ceilDivide(frame.height, step.tile[1]), "y", step);
        break;
    case kGridPerTileLinear:
        grid.x = gridDimension(ceilDivide(frame.width, step.tile[0]) * ceilDivide(frame.height, step.tile[1]), "x", step);
        break;
    case kGridPerSm:
        grid.x = gridDimension(static_cast<long long>(frame.multiprocessors) * std::max(1, step.grid[0]), "x", step);
        break;
    default:  // kGridFixed
        grid.x = gridDimension(std::max(1, step.grid[0]), "x", step);
        grid.y = gridDimension(std::max(1, step.grid[1]), "y", step);
        grid.z = gridDimension(std::max(1, step.grid[2]), "z", step);
    }
    return grid;
}

long long repetitionsOf(const LaunchStep& step, const FrameShape& frame, long long deviceCount, const std::string& label) {
    long long n = 1;
    std::string from;
    if (step.repeatRule == kRepeatTimes) {
        n = step.repeatCount;
        from = "RACELAB_REPEAT(" + std::to_string(step.repeatCount) + ")";
    } else if (step.repeatRule == kRepeatPerSize) {
        n = ceilDivide(sizeAt(frame, step.repeatSizeIndex), step.repeatCount);
        from = "RACELAB_REPEAT_PER";
    } else if (step.repeatRule == kRepeatDeviceCount) {
        n = deviceCount;
        from = nameOf(step.repeatVariable) + " (RACELAB_REPEAT_COUNT)";
    }
    if (n < 0 || n > kMaxRepetitions)
        throw Error(label + ": the launch of " + nameOf(step.kernel) + " is to repeat " + std::to_string(n) + " times by " + from +
                    "; racelab repeats a launch 0 to " + std::to_string(kMaxRepetitions) + " times a frame");
    return n;
}

ArgumentSlots argumentsOf(const LaunchStep& step, long long repetition, const FrameShape& frame,
                          const std::function<BufferView(const std::string&)>& buffer) {
    ArgumentSlots slots;
    const int count = std::clamp(step.argumentCount, 0, kMaxArguments);
    for (int i = 0; i < count; ++i) {
        const LaunchArgument& a = step.arguments[i];
        long long integer = a.integer;
        double real = a.real;
        switch (a.source) {
        case kArgumentSize: integer = sizeAt(frame, a.sizeIndex); break;
        case kArgumentIndex: integer = repetition; break;
        case kArgumentWidth: integer = frame.width; break;
        case kArgumentHeight: integer = frame.height; break;
        case kArgumentCapacity: integer = buffer(nameOf(a.buffer)).capacity; break;
        case kArgumentBuffer: {
            std::array<std::uint8_t, 8> out{};
            void* address = buffer(nameOf(a.buffer)).address;
            std::memcpy(out.data(), &address, sizeof address);
            slots.push_back(out);
            continue;
        }
        default: break;  // kArgumentInteger, kArgumentReal: as written
        }
        if (a.source != kArgumentInteger && a.source != kArgumentReal) real = static_cast<double>(integer);
        slots.push_back(slot(a.type, a.bytes, integer, real));
    }
    return slots;
}

void putRepetition(const LaunchStep& step, long long repetition, ArgumentSlots& slots) {
    for (std::size_t i = 0; i < slots.size() && i < static_cast<std::size_t>(kMaxArguments); ++i)
        if (step.arguments[i].source == kArgumentIndex)
            slots[i] = slot(step.arguments[i].type, step.arguments[i].bytes, repetition, static_cast<double>(repetition));
}

long long elementsOf(const ScratchBuffer& buffer, const FrameShape& frame, long long count) {
    long long units = 1;
    if (buffer.rule == kBufferProduct) {
        const long long a = sizeAt(frame, buffer.sizeIndex), b = sizeAt(frame, buffer.secondSizeIndex);
        if (a > 0 && b > std::numeric_limits<long long>::max() / a)
            throw Error("scratch buffer " + nameOf(buffer.pointer) + " would hold more elements than can be counted");
        units = a * b;
    }
    else if (buffer.rule == kBufferCounted) units = count;
    else if (buffer.sizeIndex >= 0) units = sizeAt(frame, buffer.sizeIndex);
    const long long perUnit = std::max(0LL, buffer.perSize);
    if (units > 0 && perUnit > std::numeric_limits<long long>::max() / units)
        throw Error("scratch buffer " + nameOf(buffer.pointer) + " would hold more elements than can be counted");
    return std::max(1LL, units * perUnit);
}

std::string problemWith(const LaunchStep& step, std::size_t sizeCount, const std::vector<ScratchBuffer>& scratch) {
    const std::string name = nameOf(step.kernel);
    if (name.size() >= static_cast<std::size_t>(kNameChars - 1))
        return "the launch of " + name + "... names a kernel of " + std::to_string(kNameChars - 1) + " characters or more; racelab "
               "reads names of up to " + std::to_string(kNameChars - 2) + ": give it a shorter name";
    if (step.rule == kGridPerItem && !sizeIndexValid(step.sizeIndex, sizeCount))
        return "the launch of " + name + " counts a size the contract does not have (index " + std::to_string(step.sizeIndex) + ")";
    if ((step.rule == kGridPerTile || step.rule == kGridPerTileLinear) && (step.tile[0] <= 0 || step.tile[1] <= 0))
        return "the launch of " + name + " gives a tile of " + std::to_string(step.tile[0]) + "x" + std::to_string(step.tile[1]) +
               " pixels: a tile's sides are 1 or more";
    if (step.block[0] <= 0 || step.block[1] <= 0 || step.block[2] <= 0)
        return "the launch of " + name + " gives a block with a side of 0 or less";
    if (step.repeatRule == kRepeatPerSize && (!sizeIndexValid(step.repeatSizeIndex, sizeCount) || step.repeatCount <= 0))
        return "the launch of " + name + " repeats per a size the contract does not have, or per 0";
    if (step.repeatRule == kRepeatDeviceCount && step.repeatVariableBytes != 4 && step.repeatVariableBytes != 8)
        return "the launch of " + name + " repeats by " + nameOf(step.repeatVariable) + ": use a 32- or 64-bit integer";
    if (step.argumentCount < 0 || step.argumentCount > kMaxArguments)
        return "the launch of " + name + " passes " + std::to_string(step.argumentCount) + " arguments; racelab passes 0 to 8";
    for (int i = 0; i < step.argumentCount; ++i) {
        const LaunchArgument& a = step.arguments[i];
        if (a.source == kArgumentSize && !sizeIndexValid(a.sizeIndex, sizeCount))
            return "argument " + std::to_string(i + 1) + " of " + name + " is a size the contract does not have";
        if (a.source == kArgumentBuffer || a.source == kArgumentCapacity) {
            const std::string buffer = nameOf(a.buffer);
            const bool listed = std::any_of(scratch.begin(), scratch.end(), [&](const ScratchBuffer& b) { return nameOf(b.pointer) == buffer; });
            if (!listed)
                return "argument " + std::to_string(i + 1) + " of " + name + " names " + buffer +
                       ", which is no buffer of the scratch list: list it in RACELAB_SCRATCH(...)";
        }
    }
    return "";
}

std::string problemWith(const ScratchBuffer& buffer, std::size_t sizeCount) {
    const std::string name = nameOf(buffer.pointer);
    if (buffer.elementBytes <= 0) return "scratch buffer " + name + " has elements of " + std::to_string(buffer.elementBytes) + " bytes";
    if (buffer.rule == kBufferPerSize && buffer.sizeIndex >= static_cast<int>(sizeCount))
        return "scratch buffer " + name + " counts a size the contract does not have";
    if (buffer.rule == kBufferProduct && (!sizeIndexValid(buffer.sizeIndex, sizeCount) || !sizeIndexValid(buffer.secondSizeIndex, sizeCount)))
        return "scratch buffer " + name + " multiplies a size the contract does not have";
    if (buffer.rule == kBufferCounted && buffer.countBytes != 4 && buffer.countBytes != 8)
        return "scratch buffer " + name + " is counted by " + nameOf(buffer.countVariable) + ": use a 32- or 64-bit integer";
    return "";
}

long long deviceInteger(const std::uint8_t* bytes, int size) {
    if (size == 4) {
        std::int32_t v = 0;
        std::memcpy(&v, bytes, sizeof v);
        return v;
    }
    std::int64_t v = 0;
    std::memcpy(&v, bytes, sizeof v);
    return v;
}

}  // namespace racelab::userkernel
