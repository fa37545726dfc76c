#include "web/frame_message.hpp"

#include <chrono>
#include <cstring>

namespace racelab::web {
namespace {

const char* tagOf(PictureKind kind) {
    switch (kind) {
        case PictureKind::Jpeg: return "JPEG";
        case PictureKind::Png: return "PNG ";
        case PictureKind::H264: return "H264";
        case PictureKind::Mask: return "MASK";
    }
    return "JPEG";
}

void putLittle(std::string& out, std::size_t at, std::uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) out[at + static_cast<std::size_t>(i)] = static_cast<char>((value >> (8 * i)) & 0xffu);
}

std::uint64_t getLittle(std::string_view in, std::size_t at, int bytes) {
    std::uint64_t value = 0;
    for (int i = 0; i < bytes; ++i)
        value |= static_cast<std::uint64_t>(static_cast<unsigned char>(in[at + static_cast<std::size_t>(i)])) << (8 * i);
    return value;
}

}  // namespace

std::string packPicture(const PictureHeader& header, std::string_view payload) {
    std::string message(kPictureHeaderBytes + payload.size(), '\0');
    std::memcpy(message.data(), tagOf(header.kind), 4);
    putLittle(message, 4, header.frame, 4);
    putLittle(message, 8, header.width, 2);
    putLittle(message, 10, header.height, 2);
    putLittle(message, 12, header.keyFrame ? 1u : 0u, 4);
    putLittle(message, 16, header.renderedUs, 8);
    if (!payload.empty()) std::memcpy(message.data() + kPictureHeaderBytes, payload.data(), payload.size());
    return message;
}

std::optional<PictureHeader> readPictureHeader(std::string_view message) {
    if (message.size() < kPictureHeaderBytes) return std::nullopt;
    PictureHeader header;
    bool known = false;
    for (PictureKind kind : {PictureKind::Jpeg, PictureKind::Png, PictureKind::H264, PictureKind::Mask})
        if (message.substr(0, 4) == tagOf(kind)) header.kind = kind, known = true;
    if (!known) return std::nullopt;
    header.frame = static_cast<std::uint32_t>(getLittle(message, 4, 4));
    header.width = static_cast<std::uint16_t>(getLittle(message, 8, 2));
    header.height = static_cast<std::uint16_t>(getLittle(message, 10, 2));
    header.keyFrame = (getLittle(message, 12, 4) & 1u) != 0;
    header.renderedUs = getLittle(message, 16, 8);
    return header;
}

std::uint64_t steadyMicroseconds() {
    return static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
}

}  // namespace racelab::web
