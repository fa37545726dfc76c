#include "video/av_error.hpp"

#include "core/errors.hpp"

extern "C" {
#include <libavutil/error.h>
}

namespace racelab {

std::string avErrorText(int code) {
    char text[AV_ERROR_MAX_STRING_SIZE] = {};
    av_strerror(code, text, sizeof text);
    return text;
}

int checkAv(int code, const std::string& what) {
    if (code < 0) throw Error(what + ": " + avErrorText(code));
    return code;
}

}  // namespace racelab
