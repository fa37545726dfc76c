// The SVG drawings of the Fourier scene: the committed racelab.svg, path data of every command, transforms,
// refusal of malformed files with a message that says what is wrong, and fourier/text without any font.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "core/asset_paths.hpp"
#include "core/errors.hpp"
#include "scenes/fourier/fourier_scene.hpp"
#include "scenes/fourier/svg_drawing.hpp"
#include "process_runner.hpp"
#include "read_file.hpp"

using namespace racelab;
using namespace racelab::fourier;

namespace {

const std::string kRacelabSvg = std::string(RACELAB_SOURCE_DIR) + "/assets/fourier/racelab.svg";

std::string svgWith(const std::string& body, const std::string& viewBox = "0 0 100 100") {
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"" + viewBox + "\">" + body + "</svg>";
}

// The message of the UsageError `parse` throws, or "" when it does not throw.
std::string errorOf(const std::string& text) {
    try {
        parseSvg(text, "test.svg");
    } catch (const UsageError& e) {
        return e.what();
    }
    return "";
}

Vec2d endOf(const SvgSubpath& s) { return s.pieces.back().p3; }

}  // namespace

TEST(SvgDrawing, RacelabSvgHasElevenContoursInsideItsViewBox) {
    const SvgDrawing drawing = loadSvg(kRacelabSvg);
    EXPECT_NEAR(drawing.viewWidth, 721.49, 1e-9);
    EXPECT_NEAR(drawing.viewHeight, 190.0, 1e-9);
    // r 1, a 2 (outline and bowl), c 1, e 2 (outline and eye), l 1, a 2, b 2
    ASSERT_EQ(drawing.subpaths.size(), 11u);
    for (const SvgSubpath& s : drawing.subpaths) {
        EXPECT_TRUE(s.closed);
        for (const Cubic& c : s.pieces)
            for (Vec2d p : {c.p0, c.p3}) {
                EXPECT_GT(p.x, drawing.viewX);
                EXPECT_GT(p.y, drawing.viewY);
                EXPECT_LT(p.x, drawing.viewX + drawing.viewWidth);
                EXPECT_LT(p.y, drawing.viewY + drawing.viewHeight);
            }
    }
    const SampledDrawing sampled = sampleSvg(drawing);
    EXPECT_EQ(sampled.width, kSvgCanvasSide);
    EXPECT_EQ(sampled.height, 270);  // 1024 * 190 / 721.49
    ASSERT_EQ(sampled.contours.size(), 11u);
    std::size_t points = 0;
    for (const Contour& contour : sampled.contours) {
        points += contour.size();
        for (std::size_t i = 0; i < contour.size(); ++i) {
            const Point p = contour[i], q = contour[(i + 1) % contour.size()];
            ASSERT_TRUE(p.x >= 0 && p.y >= 0 && p.x < sampled.width && p.y < sampled.height) << p.x << "," << p.y;
            EXPECT_LT(std::hypot(q.x - p.x, q.y - p.y), 1.5f) << "samples about a pixel apart, closed";
        }
    }
    EXPECT_GT(points, 4000u);
}

TEST(SvgDrawing, PathCommandsAbsoluteRelativeAndImplicit) {
    // M with implicit lineto pairs, h/v, relative c and s, q and t, an arc, and Z
    const SvgDrawing d = parseSvg(svgWith("<path d='M10,10 20,10 h10 v10 c0,5 5,5 5,0 s5-5 5,0 Q 60 30 70 20 T 90 20 "
                                          "A 5 5 0 0 1 90 30 z m 1 1 l 2 0'/>"),
                                  "t");
    ASSERT_EQ(d.subpaths.size(), 2u);
    const SvgSubpath& first = d.subpaths[0];
    EXPECT_TRUE(first.closed);
    ASSERT_EQ(first.pieces.size(), 10u);  // L, h, v, c, s, Q, T, A (a half turn: two cubics), Z
    EXPECT_DOUBLE_EQ(first.pieces[1].p3.x, 30);  // h10 from (20,10)
    EXPECT_DOUBLE_EQ(first.pieces[2].p3.y, 20);  // v10
    EXPECT_DOUBLE_EQ(first.pieces[3].p3.x, 35);  // c ... 5,0 relative to (30,20)
    // s mirrors the last control point: (35,25) -> (35,15)... relative to the current point (35,20)
    EXPECT_DOUBLE_EQ(first.pieces[4].p1.x, 35);
    EXPECT_DOUBLE_EQ(first.pieces[4].p1.y, 15);
    EXPECT_DOUBLE_EQ(first.pieces[4].p3.x, 40);
    // T mirrors Q's control point (60,30) about (70,20): (80,10), as a cubic's 2/3 handles
    EXPECT_NEAR(first.pieces[6].p1.x, 70 + (80 - 70) * 2.0 / 3, 1e-12);
    EXPECT_NEAR(first.pieces[6].p1.y, 20 + (10 - 20) * 2.0 / 3, 1e-12);
    // the arc: a half circle from (90,20) to (90,30) clockwise on screen (sweep 1) bulges to x = 95
    EXPECT_NEAR(first.pieces[7].p3.x, 95, 1e-9);
    EXPECT_NEAR(first.pieces[7].p3.y, 25, 1e-9);
    EXPECT_NEAR(first.pieces[8].p3.x, 90, 1e-12);
    EXPECT_NEAR(first.pieces[8].p3.y, 30, 1e-12);
    EXPECT_DOUBLE_EQ(endOf(first).x, 10);  // Z back to the start
    EXPECT_DOUBLE_EQ(endOf(first).y, 10);
    // m after Z is relative to the closed subpath's start
    EXPECT_DOUBLE_EQ(d.subpaths[1].pieces[0].p0.x, 11);
    EXPECT_DOUBLE_EQ(endOf(d.subpaths[1]).x, 13);
    EXPECT_FALSE(d.subpaths[1].closed);
}

TEST(SvgDrawing, ShapesAndTransforms) {
    const SvgDrawing d = parseSvg(
        svgWith("<g transform='translate(10 20)'><rect x='0' y='0' width='10' height='5'/>"
                "<g transform='scale(2)'><circle cx='5' cy='5' r='1'/></g></g>"
                "<polygon points='1,1 2,1 2,2'/><polyline points='0 0 1 1'/><line x1='1' y1='2' x2='3' y2='4'/>"
                "<ellipse cx='50' cy='50' rx='10' ry='5' transform='rotate(90 50 50)'/>"
                "<defs><path d='M0 0 L 9 9'/></defs><path d='M 0 0 L 1 1' display='none'/>"),
        "t");
    ASSERT_EQ(d.subpaths.size(), 6u);  // rect, circle, polygon, polyline, line, ellipse; defs and hidden skipped
    EXPECT_DOUBLE_EQ(d.subpaths[0].pieces[0].p0.x, 10);
    EXPECT_DOUBLE_EQ(d.subpaths[0].pieces[0].p0.y, 20);
    EXPECT_EQ(d.subpaths[0].pieces.size(), 4u);
    EXPECT_NEAR(d.subpaths[1].pieces[0].p0.x, 10 + 2 * 6, 1e-12);  // circle's (cx + r, cy) scaled, translated
    EXPECT_NEAR(d.subpaths[1].pieces[0].p0.y, 20 + 2 * 5, 1e-12);
    EXPECT_TRUE(d.subpaths[2].closed);
    EXPECT_FALSE(d.subpaths[3].closed);
    EXPECT_NEAR(d.subpaths[5].pieces[0].p0.x, 50, 1e-9);  // (60, 50) turned 90 degrees about the centre
    EXPECT_NEAR(d.subpaths[5].pieces[0].p0.y, 60, 1e-9);
}

TEST(SvgDrawing, SizeFromWidthAndHeightOrFromTheDrawing) {
    const SvgDrawing sized = parseSvg("<svg width='200px' height='100'><path d='M0 0 L 5 5'/></svg>", "t");
    EXPECT_DOUBLE_EQ(sized.viewWidth, 200);
    EXPECT_DOUBLE_EQ(sized.viewHeight, 100);
    const SvgDrawing bare = parseSvg("<?xml version='1.0'?><!-- c --><svg><path d='M10 10 L 30 20'/></svg>", "t");
    EXPECT_LT(bare.viewX, 10);
    EXPECT_GT(bare.viewX + bare.viewWidth, 30);
    const SampledDrawing s = sampleSvg(sized, 400);
    EXPECT_EQ(s.width, 400);
    EXPECT_EQ(s.height, 200);
}

TEST(SvgDrawing, MalformedFilesAreRefusedWithAClearMessage) {
    const std::pair<std::string, std::string> cases[] = {
        {"<html><path d='M0 0 L1 1'/></html>", "not an SVG file"},
        {"plain text", "not an SVG file"},
        {svgWith("<path d='M0 0 L1 1'/>", "0 0 -5 10"), "viewBox"},
        {svgWith("<path d='M0 0 L1 1'/>", "0 0 10"), "viewBox"},
        {svgWith("<path d='L 1 1'/>"), "must start with a moveto"},
        {svgWith("<path d='M 0 0 X 1 1'/>"), "'X' is not an SVG path command"},
        {svgWith("<path d='M 0 0 C 1 1 2'/>"), "path command 'C' expects more numbers"},
        {svgWith("<path d='M 0 0 L 1e999 1'/>"), "not a finite number"},
        {svgWith("<path d='M 0 0 A 5 5 0 2 1 9 9'/>"), "expects a flag"},
        {svgWith("<path d='M 0 0 Z 5'/>"), "takes no numbers"},
        {svgWith("<path d=\"M 0 0 L 1 1/>"), "no closing quote"},
        {svgWith("<path d=M0/>"), "is not quoted"},
        {"<svg viewBox='0 0 10 10'><g><path d='M0 0 L1 1'/></svg>", "</svg> closes <g>"},
        {"<svg viewBox='0 0 10 10'><path d='M0 0 L1 1'/>", "ends inside <svg>"},
        {svgWith("<g transform='shear(2)'><path d='M0 0 L1 1'/></g>"), "unknown transform \"shear\""},
        {svgWith("<g transform='translate(1 2 3)'><path d='M0 0 L1 1'/></g>"), "translate() takes 1..2 numbers"},
        {svgWith("<polygon points='1 2 3'/>"), "odd count"},
        {svgWith("<text>racelab</text>"), "draws nothing racelab can sample"},
        {"<svg viewBox='0 0 10 10'><!-- open comment <path d='M0 0 L1 1'/></svg>", "<!-- is not closed"},
    };
    for (const auto& [text, expected] : cases) {
        const std::string message = errorOf(text);
        EXPECT_NE(message.find(expected), std::string::npos) << "input: " << text << "\nmessage: " << message;
        EXPECT_NE(message.find("test.svg"), std::string::npos) << "the message names the file: " << message;
    }
    EXPECT_THROW(loadSvg("/nonexistent/drawing.svg"), UsageError);
}

TEST(SvgDrawing, HugeOrDeepDrawingsAreRefusedBeforeAllocating) {
    const SvgDrawing huge = parseSvg(svgWith("<path d='M 0 0 L 1e300 1e300'/>", "0 0 1 1"), "t");
    EXPECT_THROW(sampleSvg(huge), UsageError);
    EXPECT_THROW(parsePathData("M0 0 L1 1 L2 2 L3 3", "t", 2), UsageError);  // segments counted as they are made
    EXPECT_EQ(parsePathData("M0 0 L1 1 L2 2", "t", 2).size(), 1u);
    std::string deep;
    for (int i = 0; i < 300; ++i) deep += "<g>";
    EXPECT_NE(errorOf("<svg viewBox='0 0 1 1'>" + deep).find("nested deeper"), std::string::npos);
}

TEST(SvgDrawing, SvgFilesAreRecognizedByContent) {
    EXPECT_TRUE(looksLikeSvg("\xEF\xBB\xBF<?xml version='1.0'?>\n<!DOCTYPE svg [ <!ENTITY a 'b'> ]>\n<svg>"));
    EXPECT_TRUE(looksLikeSvg("  <!-- drawn by hand -->\n<svg viewBox='0 0 1 1'/>"));
    EXPECT_FALSE(looksLikeSvg("\x89PNG\r\n\x1a\n"));
    EXPECT_FALSE(looksLikeSvg("<html><svg>"));
    EXPECT_TRUE(isSvgFile(kRacelabSvg));
}

// fourier/text draws the committed racelab.svg: no font file is opened, and without the asset it says so
// instead of drawing something else.
TEST(FourierText, DrawsTheCommittedSvgAndNeedsNoFont) {
    SceneOptions options;
    options.backend = Backend::Cpu;
    FourierScene scene("text", options);
    EXPECT_EQ(scene.sourceLabel(), "racelab.svg (SVG paths)");
    EXPECT_GE(scene.contourCount(), 1u);
    EXPECT_NE(scene.statsLine().find("racelab.svg"), std::string::npos) << scene.statsLine();
    for (const char* edge : {"blur", "canny-low", "canny-high"})
        EXPECT_TRUE(scene.parameters().at(edge).hidden) << edge << ": no edges to find";
    // No system font is named in the binary any more (ImGui's own built-in font is compiled in, not a file).
    const std::string binary = readFile(RACELAB_BINARY);
    for (const char* font : {"DejaVu", "/usr/share/fonts", "truetype/"})
        EXPECT_EQ(binary.find(font), std::string::npos) << font;
    ProcessResult list = runRacelab("list");
    EXPECT_NE(list.output.find("assets: "), std::string::npos) << list.output;
}

// The asset lookup: $RACELAB_ASSETS first (so fourier/text draws whatever racelab.svg is there), and a
// missing asset is an error naming every folder looked in -- never a silent substitute.
TEST(FourierText, TakesRacelabSvgFromTheAssetFolder) {
    const auto dir = std::filesystem::temp_directory_path() / "racelab_other_assets";
    std::filesystem::create_directories(dir / "fourier");
    std::ofstream(dir / "fourier" / "racelab.svg") << svgWith("<polygon points='10,10 90,10 50,90'/>");
    std::ofstream(dir / "README.md") << "an asset folder\n";  // what marks a folder as racelab's assets
    setenv("RACELAB_ASSETS", dir.c_str(), 1);
    SceneOptions options;
    options.backend = Backend::Cpu;
    std::size_t contours = 0;
    std::string root;
    try {
        contours = FourierScene("text", options).contourCount();
        root = assetRootInUse();
    } catch (...) {
        unsetenv("RACELAB_ASSETS");
        throw;
    }
    unsetenv("RACELAB_ASSETS");
    EXPECT_EQ(contours, 1u) << "the triangle, not the word";
    EXPECT_EQ(root, dir.string());
    try {
        findAsset("fourier/no-such-drawing.svg");
        ADD_FAILURE() << "a missing asset was found";
    } catch (const UsageError& e) {
        EXPECT_NE(std::string(e.what()).find("not found (looked in"), std::string::npos) << e.what();
    }
    std::filesystem::remove_all(dir);
}

TEST(FourierImage, DrawsAnSvgFileAndRefusesOtherText) {
    const auto dir = std::filesystem::temp_directory_path() / "racelab_svg_image";
    std::filesystem::create_directories(dir);
    const auto svg = (dir / "star.svg").string(), text = (dir / "notes.svg").string();
    std::ofstream(svg) << svgWith("<polygon points='50,5 61,40 98,40 68,62 79,96 50,75 21,96 32,62 2,40 39,40'/>");
    std::ofstream(text) << "just words";
    SceneOptions options;
    options.backend = Backend::Cpu;
    options.inputs["image"] = svg;
    FourierScene scene("image", options);
    EXPECT_EQ(scene.contourCount(), 1u);
    EXPECT_EQ(scene.sourceLabel(), "star.svg (SVG paths)");
    options.inputs["image"] = text;
    try {
        FourierScene refused("image", options);
        ADD_FAILURE() << "a text file was drawn";
    } catch (const UsageError& e) {
        EXPECT_NE(std::string(e.what()).find("is not a PNG, JPEG or SVG file"), std::string::npos) << e.what();
    }
    ProcessResult r = runRacelab("render --scene fourier/image --image " + svg + " --backend cpu --size 64x64 --out " +
                                 (dir / "star.png").string());
    EXPECT_EQ(r.exitCode, 0) << r.output;
    std::filesystem::remove_all(dir);
}
