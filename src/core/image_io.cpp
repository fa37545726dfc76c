// PNG through stb_image_write, PPM by hand; both via write-to-temp + rename.
#include "core/image_io.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>

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


}  // namespace

void writePng(const HostImage& image, const std::string& path) {
    auto rows = topDownRows(image, 4);
    writeFileAtomically(path, [&](const std::string& p) {
        return stbi_write_png(p.c_str(), image.width, image.height, 4, rows.data(), image.width * 4) != 0;
    });
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
    if (stbi_info(path.c_str(), &w, &h, &channels) && (w > kMaxDimension || h > kMaxDimension))
        throw UsageError("image '" + path + "' is " + std::to_string(w) + "x" + std::to_string(h) +
                         ", larger than the largest supported dimension " + std::to_string(kMaxDimension));
    unsigned char* data = stbi_load(path.c_str(), &w, &h, &channels, 4);
    if (!data) throw UsageError("cannot read image '" + path + "': " + stbi_failure_reason());
    HostImage image(w, h);
    for (int y = 0; y < h; ++y)
        std::copy_n(data + static_cast<std::size_t>(h - 1 - y) * w * 4, static_cast<std::size_t>(w) * 4,
                    image.at(0, y));
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
