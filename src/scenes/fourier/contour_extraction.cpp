#include "scenes/fourier/contour_extraction.hpp"

#include <algorithm>
#include <cmath>
#include <climits>
#include <cstring>
#include <cstdint>
#include <filesystem>
#include <fstream>

#include <opencv2/imgproc.hpp>
#include <stb_image.h>

#include "core/errors.hpp"

namespace racelab::fourier {
namespace {

constexpr std::uint64_t kDeflateMaxExpansion = 1032;

// The whole file; false when it cannot be opened.
bool readBytes(const std::string& path, std::vector<unsigned char>& bytes) {
    std::ifstream file(path, std::ios::binary);
    if (!file) return false;
    bytes.assign(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
    return true;
}

// The exact size of a PNG's filtered image data: each row a filter byte and its pixels, and an interlaced
// image's seven Adam7 passes (an empty pass has no rows and no filter bytes).
std::uint64_t pngImageDataSize(std::uint64_t width, std::uint64_t height, std::uint64_t bitsPerPixel, bool interlaced) {
    auto rows = [&](std::uint64_t w, std::uint64_t h) { return w == 0 || h == 0 ? 0 : h * (1 + (w * bitsPerPixel + 7) / 8); };
    if (!interlaced) return rows(width, height);
    constexpr std::uint64_t kPass[7][4] = {{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4},
                                           {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}};  // x0, y0, dx, dy
    std::uint64_t size = 0;
    for (const auto& p : kPass)
        size += rows(width > p[0] ? (width - p[0] + p[2] - 1) / p[2] : 0, height > p[1] ? (height - p[1] + p[3] - 1) / p[3] : 0);
    return size;
}

// Whether a PNG's image data inflates to at least the size its header gives, found without allocating
// that size first. stb reserves the header's whole image (and more for 16-bit and interlaced files) before
// it learns that the data is short, so a 69-byte file claiming 8192x8192 cost over 512 MiB
// (fuzz/regressions/image/png-header-claims-a-gigabyte); and Debian's stb grows its inflate buffer without
// a bound, so a malformed stream could ask for gigabytes too (fuzz/regressions/image/png-inflate-oom).
bool pngDataFillsItsHeader(const std::vector<unsigned char>& bytes) {
    auto be32 = [&](std::size_t at) {
        return (std::uint32_t{bytes[at]} << 24) | (std::uint32_t{bytes[at + 1]} << 16) | (std::uint32_t{bytes[at + 2]} << 8) |
               std::uint32_t{bytes[at + 3]};
    };
    std::vector<char> data;
    std::uint64_t width = 0, height = 0, bitsPerPixel = 0;
    bool interlaced = false;
    // Every chunk up to IEND, where stb stops reading. A chunk header whose body is not all there is refused:
    // stb grows its buffer to the claimed length before it finds the bytes missing (a 115-byte file whose last
    // IDAT claimed 1.3 GB cost a 2 GiB allocation; fuzz/regressions/image/png-cut-chunk-claims-gigabytes).
    for (std::size_t at = 8; at + 8 <= bytes.size();) {
        const std::uint32_t length = be32(at);
        const char* type = reinterpret_cast<const char*>(&bytes[at + 4]);
        if (std::memcmp(type, "IEND", 4) == 0) break;
        if (bytes.size() - at < 12 || length > bytes.size() - at - 12) return false;
        const unsigned char* body = &bytes[at + 8];
        if (std::memcmp(type, "IHDR", 4) == 0 && length >= 13) {
            width = be32(at + 8), height = be32(at + 12);
            const int channels[] = {1, 0, 3, 1, 2, 0, 4};
            bitsPerPixel = body[9] <= 6 ? static_cast<std::uint64_t>(channels[body[9]]) * body[8] : 0;
            interlaced = body[12] != 0;
        } else if (std::memcmp(type, "IDAT", 4) == 0) {
            data.insert(data.end(), body, body + length);
        }
        at += 12 + static_cast<std::size_t>(length);
    }
    if (width == 0 || height == 0 || bitsPerPixel == 0 || data.empty()) return false;
    const std::uint64_t needed = pngImageDataSize(width, height, bitsPerPixel, interlaced);
    if (needed > static_cast<std::uint64_t>(INT_MAX) / 2 || data.size() > static_cast<std::size_t>(INT_MAX)) return false;
    // Deflate expands at most 1032:1 (a 258-byte match in two bits): data too short to fill the header's
    // size is refused before anything of that size is allocated, so a file's cost is bounded by its length.
    if (static_cast<std::uint64_t>(data.size()) * kDeflateMaxExpansion + 1024 < needed) return false;
    // stb accepts trailing data after the image (a PNG in the wild has some), so leave room for a little.
    const int capacity = static_cast<int>(needed + 65536);
    std::vector<char> out(static_cast<std::size_t>(capacity));
    const int inflated = stbi_zlib_decode_buffer(out.data(), capacity, data.data(), static_cast<int>(data.size()));
    return inflated >= 0 && static_cast<std::uint64_t>(inflated) >= needed;
}

}  // namespace

GrayImage loadGrayImage(const std::string& path) {
    if (!std::filesystem::exists(path)) throw UsageError("image '" + path + "': no such file");
    std::vector<unsigned char> bytes;
    if (!readBytes(path, bytes)) throw UsageError("image '" + path + "' cannot be opened");
    // PNG and JPEG only: stb_image reads more formats, but its PNM reader in the Debian build reads past
    // its buffer on 16-bit files (found by fuzz_image; the input is in fuzz/regressions/image/).
    const bool png = bytes.size() >= 8 && std::memcmp(bytes.data(), "\x89PNG\r\n\x1a\n", 8) == 0;
    const bool jpeg = bytes.size() >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF;
    if (!png && !jpeg) throw UsageError("image '" + path + "' is not a PNG, JPEG or SVG file");
    if (bytes.size() > static_cast<std::size_t>(INT_MAX)) throw UsageError("image '" + path + "' is too large a file");
    const int length = static_cast<int>(bytes.size());
    int w = 0, h = 0, channels = 0;
    // The header first: a file may claim any size, and decoding it would allocate that much.
    if (!stbi_info_from_memory(bytes.data(), length, &w, &h, &channels))
        throw UsageError("image '" + path + "' cannot be read: " + stbi_failure_reason());
    if (w <= 0 || h <= 0 || w > kMaxImageSide || h > kMaxImageSide)
        throw UsageError("image '" + path + "' is " + std::to_string(w) + "x" + std::to_string(h) +
                         "; racelab draws pictures of 1.." + std::to_string(kMaxImageSide) + " pixels a side");
    if (png && !pngDataFillsItsHeader(bytes))
        throw UsageError("image '" + path + "' cannot be read: its chunks are cut short, or its image data does not fill the "
                         "size its header gives (or that size is over 1 GiB)");
    unsigned char* data = stbi_load_from_memory(bytes.data(), length, &w, &h, &channels, 1);
    if (!data) throw UsageError("image '" + path + "' cannot be read: " + stbi_failure_reason());
    if (w <= 0 || h <= 0) {  // a header stb accepted but a size it did not keep
        stbi_image_free(data);
        throw UsageError("image '" + path + "' has no pixels");
    }
    GrayImage image;
    image.width = w;
    image.height = h;
    image.pixels.assign(data, data + static_cast<std::size_t>(w) * h);
    stbi_image_free(data);
    return image;
}

GrayImage shapesImage(int size, int count, unsigned seed) {
    if (size < 16 || size > 16384) throw UsageError("shapes image size must be 16..16384 pixels");
    if (count < 1 || count > 100000) throw UsageError("shapes image count must be 1..100000");
    GrayImage image;
    image.width = image.height = size;
    image.pixels.assign(static_cast<std::size_t>(size) * size, 0);
    std::uint64_t state = seed * 0x9E3779B97F4A7C15ull + 1;
    auto uniform = [&](float lo, float hi) {  // splitmix64: the same picture on every platform
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return lo + (hi - lo) * static_cast<float>((z ^ (z >> 31)) >> 40) / static_cast<float>(1 << 24);
    };
    for (int s = 0; s < count; ++s) {
        const float cx = uniform(0, size), cy = uniform(0, size), r = uniform(size / 160.f, size / 28.f);
        const int kind = static_cast<int>(uniform(0, 3));
        const std::uint8_t value = s % 4 == 3 ? 0 : 255;  // every fourth shape cuts into what is under it
        const int x0 = std::max(0, static_cast<int>(cx - r)), x1 = std::min(size - 1, static_cast<int>(cx + r));
        const int y0 = std::max(0, static_cast<int>(cy - r)), y1 = std::min(size - 1, static_cast<int>(cy + r));
        for (int y = y0; y <= y1; ++y)
            for (int x = x0; x <= x1; ++x) {
                const float dx = x - cx, dy = y - cy, d = std::sqrt(dx * dx + dy * dy);
                const bool inside = kind == 2 ? true : kind == 1 ? (d <= r && d >= r * .6f) : d <= r;
                if (inside) image.pixels[static_cast<std::size_t>(y) * size + x] = value;
            }
    }
    return image;
}

std::vector<Contour> extractContours(const GrayImage& image, const EdgeSettings& s) {
    if (image.width <= 0 || image.height <= 0) throw UsageError("empty image");
    cv::Mat gray(image.height, image.width, CV_8UC1, const_cast<std::uint8_t*>(image.pixels.data()));
    cv::Mat blurred, edges;
    if (s.sigma > 0.f) cv::GaussianBlur(gray, blurred, cv::Size(0, 0), s.sigma);
    else blurred = gray;
    cv::Canny(blurred, edges, s.low, s.high);
    std::vector<std::vector<cv::Point>> found;
    cv::findContours(edges, found, cv::RETR_LIST, cv::CHAIN_APPROX_NONE);
    std::vector<Contour> contours;
    for (const auto& c : found) {
        Contour out;
        out.reserve(c.size());
        for (const auto& p : c) out.push_back({static_cast<float>(p.x), static_cast<float>(p.y)});
        contours.push_back(std::move(out));
    }
    return contours;
}

}  // namespace racelab::fourier
