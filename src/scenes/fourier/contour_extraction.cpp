#include "scenes/fourier/contour_extraction.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>

#include <opencv2/imgproc.hpp>
#include <stb_image.h>
#include <stb_truetype.h>

#include "core/errors.hpp"

namespace racelab::fourier {
namespace {

const char* kFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";

// A heart curve filled in, for machines without the font.
GrayImage drawnShape(int height) {
    GrayImage image;
    image.width = height * 4 / 3;
    image.height = height;
    image.pixels.assign(static_cast<std::size_t>(image.width) * height, 0);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < image.width; ++x) {
            float u = (x - image.width * .5f) / (height * .35f), v = (height * .45f - y) / (height * .35f);
            float f = std::pow(u * u + v * v - 1.f, 3.f) - u * u * v * v * v;
            image.pixels[static_cast<std::size_t>(y) * image.width + x] = f <= 0.f ? 255 : 0;
        }
    return image;
}

}  // namespace

GrayImage loadGrayImage(const std::string& path) {
    if (!std::filesystem::exists(path)) throw UsageError("image '" + path + "': no such file");
    int w = 0, h = 0, channels = 0;
    unsigned char* data = stbi_load(path.c_str(), &w, &h, &channels, 1);
    if (!data) throw UsageError("image '" + path + "' cannot be read: " + stbi_failure_reason());
    GrayImage image;
    image.width = w;
    image.height = h;
    image.pixels.assign(data, data + static_cast<std::size_t>(w) * h);
    stbi_image_free(data);
    return image;
}

GrayImage defaultImage(const std::string& text, int height) {
    std::ifstream file(kFontPath, std::ios::binary);
    if (!file) return drawnShape(height);
    std::vector<unsigned char> font((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    stbtt_fontinfo info;
    if (!stbtt_InitFont(&info, font.data(), stbtt_GetFontOffsetForIndex(font.data(), 0))) return drawnShape(height);
    const float scale = stbtt_ScaleForPixelHeight(&info, height * .6f);
    int ascent = 0, descent = 0, gap = 0;
    stbtt_GetFontVMetrics(&info, &ascent, &descent, &gap);
    float width = 0;
    for (char c : text) {
        int advance = 0, bearing = 0;
        stbtt_GetCodepointHMetrics(&info, c, &advance, &bearing);
        width += advance * scale;
    }
    GrayImage image;
    image.width = static_cast<int>(width) + height / 2;
    image.height = height;
    image.pixels.assign(static_cast<std::size_t>(image.width) * height, 0);
    float x = height / 4.f;
    const int baseline = static_cast<int>(height * .5f + (ascent + descent) * scale * .5f);
    for (char c : text) {
        int x0, y0, x1, y1;
        stbtt_GetCodepointBitmapBox(&info, c, scale, scale, &x0, &y0, &x1, &y1);
        int gx = static_cast<int>(x) + x0, gy = baseline + y0;
        if (gx >= 0 && gy >= 0 && gx + (x1 - x0) <= image.width && gy + (y1 - y0) <= image.height)
            stbtt_MakeCodepointBitmap(&info, &image.pixels[static_cast<std::size_t>(gy) * image.width + gx], x1 - x0,
                                      y1 - y0, image.width, scale, scale, c);
        int advance = 0, bearing = 0;
        stbtt_GetCodepointHMetrics(&info, c, &advance, &bearing);
        x += advance * scale;
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
