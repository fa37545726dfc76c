#include "web/jpeg_encoding.hpp"

#include <csetjmp>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include <jpeglib.h>

#include "core/errors.hpp"

namespace racelab::web {
namespace {

// libjpeg reports a failure by calling error_exit, whose default ends the process: ours jumps back out of
// the library (no C++ exception may unwind through its C frames) with the message kept.
struct ErrorJump {
    jpeg_error_mgr manager;
    std::jmp_buf back;
    char message[JMSG_LENGTH_MAX];
};

void jumpBack(j_common_ptr info) {
    auto* jump = reinterpret_cast<ErrorJump*>(info->err);
    (*info->err->format_message)(info, jump->message);
    std::longjmp(jump->back, 1);
}

}  // namespace

std::string encodeJpeg(const std::uint8_t* rgbaBottomUp, int width, int height, int quality) {
    RACELAB_REQUIRE(width > 0 && height > 0 && width <= JPEG_MAX_DIMENSION && height <= JPEG_MAX_DIMENSION,
                    "a JPEG frame's size is 1..65500 pixels a side");
    jpeg_compress_struct info{};
    ErrorJump jump{};
    info.err = jpeg_std_error(&jump.manager);
    jump.manager.error_exit = jumpBack;
    unsigned char* bytes = nullptr;  // jpeg_mem_dest's buffer, grown by the library with malloc
    unsigned long size = 0;
    if (setjmp(jump.back)) {
        jpeg_destroy_compress(&info);
        std::free(bytes);
        throw Error(std::string("JPEG encoding failed: ") + jump.message);
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, &bytes, &size);
    info.image_width = static_cast<JDIMENSION>(width);
    info.image_height = static_cast<JDIMENSION>(height);
    info.input_components = 4;
    info.in_color_space = JCS_EXT_RGBA;  // libjpeg-turbo reads RGBA as it is: no conversion pass of our own
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality < 1 ? 1 : quality > 100 ? 100 : quality, TRUE);
    info.dct_method = JDCT_ISLOW;
    jpeg_start_compress(&info, TRUE);
    const std::size_t rowBytes = static_cast<std::size_t>(width) * 4;
    while (info.next_scanline < info.image_height) {
        // JPEG is top-down: scanline k is row height-1-k of the bottom-up frame.
        const std::size_t row = static_cast<std::size_t>(height) - 1 - info.next_scanline;
        JSAMPROW pointer = const_cast<JSAMPROW>(rgbaBottomUp + row * rowBytes);
        jpeg_write_scanlines(&info, &pointer, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    std::string out(reinterpret_cast<const char*>(bytes), size);
    std::free(bytes);
    return out;
}

}  // namespace racelab::web
