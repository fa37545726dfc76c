// racelab serve's protocol on the CPU, with no server: the access token (made, checked, compared), request
// targets (path, query, %-escapes, the malformed ones refused), the clients' JSON messages (each type's values
// read exactly, every malformed or out-of-range one refused with its reason), the pictures' 16-byte header,
// the embedded page with the token written in, JPEG frames decoded back within a stated tolerance, and the
// slot where the latest frame wins.
#include <gtest/gtest.h>

#include <cstdlib>
#include <set>
#include <string>
#include <variant>

#include "core/errors.hpp"
#include "core/image_io.hpp"
#include "web/access_token.hpp"
#include "web/client_message.hpp"
#include "web/frame_message.hpp"
#include "web/jpeg_encoding.hpp"
#include "web/latest_slot.hpp"
#include "web/page_files.hpp"
#include "web/request_target.hpp"

using namespace racelab;
using namespace racelab::web;

namespace {

ClientMessage accepted(const std::string& text) {
    auto parsed = parseClientMessage(text);
    if (auto* why = std::get_if<std::string>(&parsed)) ADD_FAILURE() << text << " refused: " << *why;
    return std::holds_alternative<ClientMessage>(parsed) ? std::get<ClientMessage>(parsed) : ClientMessage{};
}

std::string refused(const std::string& text) {
    auto parsed = parseClientMessage(text);
    if (std::holds_alternative<ClientMessage>(parsed)) {
        ADD_FAILURE() << text << " was accepted";
        return "";
    }
    return std::get<std::string>(parsed);
}

}  // namespace

TEST(ServeToken, MadeTokensAre32HexDigitsAndDiffer) {
    std::set<std::string> seen;
    for (int i = 0; i < 50; ++i) {
        const std::string token = makeAccessToken();
        ASSERT_EQ(token.size(), 32u);
        EXPECT_EQ(token.find_first_not_of("0123456789abcdef"), std::string::npos) << token;
        EXPECT_TRUE(isWellFormedToken(token));
        seen.insert(token);
    }
    EXPECT_EQ(seen.size(), 50u);
}

TEST(ServeToken, MatchesOnlyTheWholeToken) {
    const std::string token = "0123456789abcdef0123456789abcdef";
    EXPECT_TRUE(tokensMatch(token, token));
    EXPECT_FALSE(tokensMatch(token, token.substr(0, 31)));
    EXPECT_FALSE(tokensMatch(token, token + "0"));
    EXPECT_FALSE(tokensMatch(token, "1123456789abcdef0123456789abcdef"));
    EXPECT_FALSE(tokensMatch(token, "0123456789abcdef0123456789abcdee"));
    EXPECT_FALSE(tokensMatch(token, ""));
    EXPECT_FALSE(tokensMatch("", ""));  // a server without a token lets nobody in
}

TEST(ServeToken, FixedTokenFromTheEnvironmentMustBeWellFormed) {
    EXPECT_FALSE(isWellFormedToken("short"));
    EXPECT_FALSE(isWellFormedToken("has a space in it here"));
    EXPECT_FALSE(isWellFormedToken("percent%20encoded-value"));
    EXPECT_TRUE(isWellFormedToken("course-machine_token-01"));
    bool fromEnvironment = true;
    ::setenv("RACELAB_SERVE_TOKEN", "course-machine_token-01", 1);
    EXPECT_EQ(chooseAccessToken(fromEnvironment), "course-machine_token-01");
    EXPECT_TRUE(fromEnvironment);
    ::setenv("RACELAB_SERVE_TOKEN", "bad token", 1);
    EXPECT_THROW(chooseAccessToken(fromEnvironment), UsageError);
    ::unsetenv("RACELAB_SERVE_TOKEN");
    EXPECT_EQ(chooseAccessToken(fromEnvironment).size(), 32u);
    EXPECT_FALSE(fromEnvironment);
}

TEST(ServeRequestTarget, SplitsPathAndDecodesTheQuery) {
    const auto t = parseRequestTarget("/serve.js?token=abc123&fit=0&name=a%2Fb+c&token=second");
    ASSERT_TRUE(t);
    EXPECT_EQ(t->path, "/serve.js");
    EXPECT_EQ(tokenOf(*t), "abc123");  // the first of a repeated name
    EXPECT_EQ(t->query.at("fit"), "0");
    EXPECT_EQ(t->query.at("name"), "a/b c");
    const auto root = parseRequestTarget("/");
    ASSERT_TRUE(root);
    EXPECT_EQ(root->path, "/");
    EXPECT_EQ(tokenOf(*root), "");
    const auto flag = parseRequestTarget("/ws?token&&x=");
    ASSERT_TRUE(flag);
    EXPECT_EQ(tokenOf(*flag), "");
    EXPECT_EQ(flag->query.at("x"), "");
}

TEST(ServeRequestTarget, RefusesMalformedTargets) {
    EXPECT_FALSE(parseRequestTarget(""));
    EXPECT_FALSE(parseRequestTarget("serve.js"));                // no leading slash
    EXPECT_FALSE(parseRequestTarget("http://host/x"));           // absolute form: not from a browser to us
    EXPECT_FALSE(parseRequestTarget("/x?token=%zz"));            // bad escape
    EXPECT_FALSE(parseRequestTarget("/x?token=ab%2"));           // cut escape
    EXPECT_FALSE(parseRequestTarget("/x?token=a%00b"));          // NUL
    EXPECT_FALSE(parseRequestTarget("/" + std::string(kMaxTargetLength, 'a')));
    EXPECT_TRUE(parseRequestTarget("/" + std::string(kMaxTargetLength - 1, 'a')));
}

TEST(ServeClientMessage, ReadsEachRequestsValues) {
    ClientMessage m = accepted(R"({"type":"scene","name":"circles/rand10k"})");
    EXPECT_EQ(m.request, ClientRequest::Scene);
    EXPECT_EQ(m.name, "circles/rand10k");
    m = accepted(R"({"type":"variant","index":3})");
    EXPECT_EQ(m.request, ClientRequest::Variant);
    EXPECT_EQ(m.number, 3);
    m = accepted(R"({"type":"wipe","at":0.25})");
    EXPECT_EQ(m.request, ClientRequest::Wipe);
    EXPECT_DOUBLE_EQ(m.number, 0.25);
    m = accepted(R"({"type":"heat","frames":48})");
    EXPECT_EQ(m.number, 48);
    m = accepted(R"({"type":"param","name":"alpha","value":0.3})");
    EXPECT_EQ(m.request, ClientRequest::Parameter);
    EXPECT_EQ(m.name, "alpha");
    EXPECT_EQ(std::stod(m.value), 0.3);
    EXPECT_EQ(accepted(R"({"type":"param","name":"trail","value":true})").value, "true");
    EXPECT_EQ(accepted(R"({"type":"param","name":"shading","value":"depth"})").value, "depth");
    m = accepted(R"({"type":"size","width":1280,"height":720})");
    EXPECT_EQ(m.request, ClientRequest::Size);
    EXPECT_EQ(m.width, 1280);
    EXPECT_EQ(m.height, 720);
    m = accepted(R"({"type":"pointer","dx":-4.5,"dy":2,"wheel":1})");
    EXPECT_DOUBLE_EQ(m.dx, -4.5);
    EXPECT_DOUBLE_EQ(m.dy, 2);
    EXPECT_DOUBLE_EQ(m.wheel, 1);
    EXPECT_EQ(accepted(R"({"type":"meter","on":false})").number, 0);
    EXPECT_EQ(accepted(R"({"type":"key","name":"B"})").name, "B");
    EXPECT_EQ(accepted(R"({"type":"pause"})").request, ClientRequest::Pause);
    EXPECT_EQ(accepted(R"({"type":"play"})").request, ClientRequest::Play);
    EXPECT_EQ(accepted(R"({"type":"step"})").request, ClientRequest::Step);
    EXPECT_EQ(accepted(R"({"type":"restart"})").request, ClientRequest::Restart);
    EXPECT_EQ(accepted(R"({"type":"screenshot"})").request, ClientRequest::Screenshot);
    EXPECT_EQ(accepted(R"({"type":"view","name":"heat"})").name, "heat");
}

TEST(ServeClientMessage, ReadsTheStreamsOwnRequests) {
    const ClientMessage video = accepted(R"({"type":"stream","name":"h264"})");
    EXPECT_EQ(video.request, ClientRequest::Stream);
    EXPECT_EQ(video.name, "h264");
    EXPECT_EQ(accepted(R"({"type":"stream","name":"jpeg"})").name, "jpeg");
    EXPECT_EQ(accepted(R"({"type":"keyframe"})").request, ClientRequest::KeyFrame);
}

TEST(ServeClientMessage, ReadsTheKernelsRequests) {
    EXPECT_EQ(accepted(R"({"type":"check"})").request, ClientRequest::Check);
    EXPECT_EQ(accepted(R"({"type":"find"})").request, ClientRequest::FindRace);
    EXPECT_EQ(accepted(R"({"type":"clear"})").request, ClientRequest::ClearRace);
    const ClientMessage inspect = accepted(R"({"type":"inspect","x":511,"y":0})");
    EXPECT_EQ(inspect.request, ClientRequest::Inspect);
    EXPECT_EQ(inspect.width, 511);
    EXPECT_EQ(inspect.height, 0);
    EXPECT_EQ(refused(R"({"type":"inspect","x":-1,"y":0})"), "'x' is out of range");
    EXPECT_EQ(refused(R"({"type":"inspect","x":1.5,"y":0})"), "'x' is out of range");
    EXPECT_EQ(refused(R"({"type":"inspect","x":1})"), "missing field 'y'");
    EXPECT_EQ(refused(R"({"type":"find","file":"/etc/passwd"})"), "unexpected field 'file'");
}

TEST(ServeClientMessage, RefusesMalformedMessagesSayingWhy) {
    EXPECT_EQ(refused("not json"), "not JSON");
    EXPECT_EQ(refused(R"({"type":"variant","index":1)"), "not JSON");  // cut short
    EXPECT_EQ(refused(R"([1,2,3])"), "a message is a JSON object");
    EXPECT_EQ(refused(R"({"name":"x"})"), "missing field 'type'");
    EXPECT_EQ(refused(R"({"type":"launch"})"), "unknown type 'launch'");
    EXPECT_EQ(refused(R"({"type":"pause","path":"/etc/passwd"})"), "unexpected field 'path'");
    EXPECT_EQ(refused(R"({"type":"variant"})"), "missing field 'index'");
    EXPECT_EQ(refused(R"({"type":"variant","index":"2"})"), "'index' must be a number");
    EXPECT_EQ(refused(R"({"type":"variant","index":1.5})"), "'index' is out of range");
    EXPECT_EQ(refused(R"({"type":"stream","name":"vp9"})"), "'name' of a stream is h264 or jpeg");
    EXPECT_EQ(refused(R"({"type":"keyframe","frame":3})"), "unexpected field 'frame'");
    EXPECT_EQ(refused(R"({"type":"variant","index":64})"), "'index' is out of range");
    EXPECT_EQ(refused(R"({"type":"variant","index":-1})"), "'index' is out of range");
    EXPECT_EQ(refused(R"({"type":"wipe","at":1.01})"), "'at' is out of range");
    EXPECT_EQ(refused(R"({"type":"size","width":15,"height":720})"), "'width' is out of range");
    EXPECT_EQ(refused(R"({"type":"size","width":1280,"height":9000})"), "'height' is out of range");
    EXPECT_EQ(refused(R"({"type":"pointer","dx":1e9,"dy":0,"wheel":0})"), "'dx' is out of range");
    EXPECT_EQ(refused(R"({"type":"meter","on":1})"), "'on' must be true or false");
    EXPECT_EQ(refused(R"({"type":"scene","name":""})"), "'name' must be 1 to 128 printable characters");
    EXPECT_EQ(refused(R"({"type":"scene","name":"a\nb"})"), "'name' must be 1 to 128 printable characters");
    EXPECT_EQ(refused(R"({"type":"scene","name":")" + std::string(129, 'x') + "\"}"),
              "'name' must be 1 to 128 printable characters");
    EXPECT_EQ(refused(R"({"type":"param","name":"alpha","value":[1]})"), "'value' must be a string");
    std::string big = R"({"type":"pause","pad":")" + std::string(kMaxClientMessageBytes, ' ') + "\"}";
    EXPECT_EQ(refused(big), "message larger than 4096 bytes");
    EXPECT_EQ(refused(std::string(3000, '[') + std::string(3000, ']')), "message larger than 4096 bytes");
    EXPECT_EQ(refused(std::string(2000, '[') + std::string(2000, ']')), "a message is a JSON object");
}

TEST(ServePicture, HeaderRoundTripsAndRefusesOthers) {
    PictureHeader header;
    header.kind = PictureKind::Png;
    header.frame = 0x01020304u;
    header.width = 1920;
    header.height = 1080;
    header.keyFrame = true;
    header.renderedUs = 0x0102030405060708ull;
    const std::string message = packPicture(header, "payload");
    ASSERT_EQ(message.size(), kPictureHeaderBytes + 7);
    EXPECT_EQ(message.substr(0, 4), "PNG ");
    EXPECT_EQ(static_cast<unsigned char>(message[4]), 0x04);  // little-endian, as the page's DataView reads it
    EXPECT_EQ(static_cast<unsigned char>(message[8]), 1920 & 0xff);
    EXPECT_EQ(static_cast<unsigned char>(message[16]), 0x08);
    EXPECT_EQ(message.substr(24), "payload");
    const auto read = readPictureHeader(message);
    ASSERT_TRUE(read);
    EXPECT_EQ(read->kind, PictureKind::Png);
    EXPECT_EQ(read->frame, 0x01020304u);
    EXPECT_EQ(read->width, 1920);
    EXPECT_EQ(read->height, 1080);
    EXPECT_TRUE(read->keyFrame);
    EXPECT_EQ(read->renderedUs, 0x0102030405060708ull);
    EXPECT_FALSE(readPictureHeader("JPEG"));
    EXPECT_FALSE(readPictureHeader("GIF8" + std::string(20, '\0')));
    EXPECT_FALSE(readPictureHeader("JPEG" + std::string(19, '\0')));  // one byte short of a header
}

TEST(ServePage, EmbedsThePageAndWritesTheTokenIntoIt) {
    const PageFile* index = findPageFile("/");
    ASSERT_NE(index, nullptr);
    EXPECT_EQ(index->name, "index.html");
    EXPECT_EQ(index->contentType, "text/html; charset=utf-8");
    const std::string body = pageBody(*index, "0123456789abcdef0123456789abcdef");
    EXPECT_EQ(body.find("@TOKEN@"), std::string::npos);
    EXPECT_NE(body.find("serve.js?token=0123456789abcdef0123456789abcdef"), std::string::npos);
    EXPECT_NE(body.find("serve.css?token=0123456789abcdef0123456789abcdef"), std::string::npos);
    for (const char* script : {"/serve.js", "/serve_stream.js", "/serve_panel.js", "/serve_input.js", "/serve_graph.js"}) {
        const PageFile* file = findPageFile(script);
        ASSERT_NE(file, nullptr) << script;
        EXPECT_EQ(file->contentType, "text/javascript; charset=utf-8");
        EXPECT_NE(body.find(std::string(script + 1) + "?token="), std::string::npos) << script;
    }
    EXPECT_EQ(findPageFile("/../CMakeLists.txt"), nullptr);
    EXPECT_EQ(findPageFile("/web/serve.js"), nullptr);
    EXPECT_EQ(findPageFile("/serve.js/"), nullptr);
    EXPECT_EQ(findPageFile(""), nullptr);
}

// JPEG at quality 90 of a smooth picture with a sharp square: decoded back (stb_image) with the rows the
// right way up, within 6 levels on average, 24 at worst away from the square's edges and 100 on them (colour
// is stored at half resolution, 4:2:0, and a saturated edge rings).
TEST(ServeJpeg, EncodesBottomUpFramesTheRightWayUp) {
    HostImage frame(96, 64);
    for (int y = 0; y < frame.height; ++y)
        for (int x = 0; x < frame.width; ++x) {
            std::uint8_t* p = frame.at(x, y);
            const bool square = x >= 10 && x < 40 && y >= 8 && y < 30;  // near the bottom (row 0)
            p[0] = square ? 230 : static_cast<std::uint8_t>(40 + 2 * x);
            p[1] = square ? 40 : static_cast<std::uint8_t>(60 + 2 * y);
            p[2] = square ? 60 : 140;
            p[3] = 255;
        }
    const std::string jpeg = encodeJpeg(frame.pixels.data(), frame.width, frame.height, 90);
    ASSERT_GT(jpeg.size(), 100u);
    EXPECT_EQ(static_cast<unsigned char>(jpeg[0]), 0xff);
    EXPECT_EQ(static_cast<unsigned char>(jpeg[1]), 0xd8);  // SOI
    const HostImage back = decodeImage(std::vector<std::uint8_t>(jpeg.begin(), jpeg.end()), "the JPEG");
    ASSERT_EQ(back.width, 96);
    ASSERT_EQ(back.height, 64);
    // decodeImage returns rows bottom-up like every HostImage: pixel (x, y) is the same place in both.
    double sum = 0;
    int worst = 0, worstAwayFromEdges = 0;
    for (int y = 0; y < 64; ++y)
        for (int x = 0; x < 96; ++x) {
            const bool nearEdge = (std::abs(x - 10) <= 3 || std::abs(x - 40) <= 3) || (std::abs(y - 8) <= 3 || std::abs(y - 30) <= 3);
            for (int c = 0; c < 3; ++c) {
                const int d = std::abs(int(frame.at(x, y)[c]) - int(back.at(x, y)[c]));
                sum += d;
                worst = std::max(worst, d);
                if (!nearEdge) worstAwayFromEdges = std::max(worstAwayFromEdges, d);
            }
        }
    EXPECT_LT(sum / (96.0 * 64 * 3), 6.0);
    EXPECT_LT(worstAwayFromEdges, 24);
    EXPECT_LT(worst, 100);
    EXPECT_NEAR(back.at(20, 15)[0], 230, 12);  // inside the square, near the bottom
    EXPECT_NEAR(back.at(20, 55)[0], 80, 12);   // above it: the gradient
}

TEST(ServeLatestSlot, KeepsOnlyTheNewestAndCountsTheReplaced) {
    LatestSlot<int> slot;
    EXPECT_TRUE(slot.empty());
    EXPECT_FALSE(slot.put(1));
    EXPECT_TRUE(slot.put(2));
    EXPECT_TRUE(slot.put(3));
    EXPECT_EQ(slot.replacedCount(), 2);
    EXPECT_EQ(slot.take(), 3);
    EXPECT_FALSE(slot.take());
    EXPECT_FALSE(slot.takeWithin(std::chrono::milliseconds(5)));
    slot.put(4);
    EXPECT_EQ(slot.takeWithin(std::chrono::milliseconds(5)), 4);
    slot.close();
    EXPECT_FALSE(slot.takeWithin(std::chrono::seconds(5)));  // closed: returns at once
}
