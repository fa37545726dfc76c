// PNG through stb_image_write, PPM by hand; both via write-to-temp + rename.
#include "core/image_io.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>

#include "core/atomic_file.hpp"
#include "core/errors.hpp"
#include "core/size_parse.hpp"

#include <stb_image_write.h>
#include <stb_image.h>

namespace racelab {
namespace {

std::string extensionOf(const std::string& path) {
    std::string ext = std::filesystem::path(path).extension().string();
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return ext;
}

// Rows top-down, alpha dropped when `channels` is 3.
std::vector<unsigned char> topDownRows(const HostImage& image, int channels) {
    std::vector<unsigned char> out(static_cast<std::size_t>(image.width) * image.height * channels);
    for (int y = 0; y < image.height; ++y) {
        const std::uint8_t* src = image.at(0, image.height - 1 - y);
        unsigned char* dst = &out[static_cast<std::size_t>(y) * image.width * channels];
        for (int x = 0; x < image.width; ++x)
            for (int c = 0; c < channels; ++c) dst[x * channels + c] = src[x * 4 + c];
    }
    return out;
}

// Rows of a decoded top-down RGBA buffer into a HostImage (row 0 at the bottom).
HostImage fromTopDownRows(const unsigned char* data, int w, int h) {
    HostImage image(w, h);
    for (int y = 0; y < h; ++y)
        std::copy_n(data + static_cast<std::size_t>(h - 1 - y) * w * 4, static_cast<std::size_t>(w) * 4,
                    image.at(0, y));
    return image;
}

void requireSupportedSize(int w, int h, const std::string& what) {
    if (w > kMaxDimension || h > kMaxDimension)
        throw UsageError("image '" + what + "' is " + std::to_string(w) + "x" + std::to_string(h) +
                         ", larger than the largest supported dimension " + std::to_string(kMaxDimension));
}

}  // namespace

void writePng(const HostImage& image, const std::string& path) {
    auto rows = topDownRows(image, 4);
    writeFileAtomically(path, [&](const std::string& p) {
        return stbi_write_png(p.c_str(), image.width, image.height, 4, rows.data(), image.width * 4) != 0;
    });
}

std::vector<std::uint8_t> encodePng(const HostImage& image) {
    RACELAB_REQUIRE(image.width > 0 && image.height > 0, "cannot encode an empty image");
    auto rows = topDownRows(image, 4);
    std::vector<std::uint8_t> bytes;
    const auto append = [](void* context, void* data, int size) {
        auto* out = static_cast<std::vector<std::uint8_t>*>(context);
        const auto* begin = static_cast<const std::uint8_t*>(data);
        out->insert(out->end(), begin, begin + size);
    };
    RACELAB_REQUIRE(stbi_write_png_to_func(append, &bytes, image.width, image.height, 4, rows.data(), image.width * 4),
                    "PNG encoding failed");
    return bytes;
}

HostImage decodeImage(const std::vector<std::uint8_t>& bytes, const std::string& what) {
    RACELAB_REQUIRE(bytes.size() <= static_cast<std::size_t>(std::numeric_limits<int>::max()), "image too large");
    const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
    const int length = static_cast<int>(bytes.size());
    int w = 0, h = 0, channels = 0;
    if (stbi_info_from_memory(data, length, &w, &h, &channels)) requireSupportedSize(w, h, what);
    unsigned char* pixels = stbi_load_from_memory(data, length, &w, &h, &channels, 4);
    if (!pixels) throw UsageError("cannot read image '" + what + "': " + stbi_failure_reason());
    HostImage image = fromTopDownRows(pixels, w, h);
    stbi_image_free(pixels);
    return image;
}

void writePpm(const HostImage& image, const std::string& path) {
    auto rows = topDownRows(image, 3);
    writeTextFileAtomically(path, [&](std::ostream& file) {
        file << "P6\n" << image.width << " " << image.height << "\n255\n";
        file.write(reinterpret_cast<const char*>(rows.data()), static_cast<std::streamsize>(rows.size()));
    });
}

void writeImage(const HostImage& image, const std::string& path) {
    std::string ext = extensionOf(path);
    if (ext == ".png") return writePng(image, path);
    if (ext == ".ppm") return writePpm(image, path);
    throw UsageError("unknown image format '" + ext + "' for '" + path + "' (use .png or .ppm)");
}

HostImage readImage(const std::string& path) {
    int w = 0, h = 0, channels = 0;
    // The header first: an image larger than racelab can show is refused before anything is decoded (a
    // small file can claim gigapixels).
    if (stbi_info(path.c_str(), &w, &h, &channels)) requireSupportedSize(w, h, path);
    unsigned char* data = stbi_load(path.c_str(), &w, &h, &channels, 4);
    if (!data) throw UsageError("cannot read image '" + path + "': " + stbi_failure_reason());
    HostImage image = fromTopDownRows(data, w, h);
    stbi_image_free(data);
    return image;
}

void requireWritable(const std::string& path) {
    if (path.empty()) throw UsageError("output path is empty");
    std::string probe = path + ".tmp";
    std::ofstream file(probe, std::ios::binary);
    if (!file) throw UsageError("cannot write '" + path + "' (check that the folder exists and is writable)");
    file.close();
    std::remove(probe.c_str());
}

}  // namespace racelab
