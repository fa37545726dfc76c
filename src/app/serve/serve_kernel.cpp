// The user's kernel in serve's page, as in the viewer's kernel panel: check on the frame shown (the report in
// the state; the heat or diff view comes up on what it found), and find the race (app/race_finder.hpp): the
// racing lines in the state, the racing pixels to every page as an overlay ("MASK", web/frame_message.hpp),
// and the pixel inspector on a click.
#include "app/serve/serve_loop.hpp"

#include "app/viewer/viewer_kernel.hpp"  // checkKernelOnScreen
#include "core/errors.hpp"
#include "core/host_image.hpp"
#include "core/image_io.hpp"
#include "userkernel/user_kernel.hpp"
#include "web/frame_message.hpp"

namespace racelab {
namespace {

// The racing pixels as the page paints them: cyan, mostly opaque (the viewer's colour), clear elsewhere.
HostImage overlayImage(const userkernel::RacingPixels& pixels) {
    HostImage image(pixels.width, pixels.height);
    for (std::size_t i = 0; i < pixels.mask.size(); ++i)
        if (pixels.mask[i]) {
            std::uint8_t* p = &image.pixels[4 * i];
            p[0] = 0x00, p[1] = 0xe6, p[2] = 0xff, p[3] = 0xd8;
        }
    return image;
}

}  // namespace

void ServeLoop::checkKernel() {
    if (!prepared_.kernel) throw UsageError("check runs your kernel: start racelab serve with --kernel FILE");
    check_ = checkKernelOnScreen(*prepared_.scene, size_, controls_);
}

void ServeLoop::findRace() {
    raceFinder_.find(prepared_, options_.selection, size_, controls_, false, races_);
    publishOverlay();  // the last findings' pixels go at once
}

void ServeLoop::inspectPixel(int x, int y) {
    if (races_.stage != RaceFinderView::Stage::Done)
        throw UsageError("find the race first: the inspector lists the accesses of the frame it ran");
    raceFinder_.inspect(prepared_, {x, y}, races_);
}

void ServeLoop::clearRace() {
    const bool hadFindings = races_.stage != RaceFinderView::Stage::None;
    raceFinder_.clear(races_);
    if (hadFindings) publishOverlay();
}

// Once a frame: the instrumented build's progress, and its findings' pixels once they are in.
void ServeLoop::updateRaceFinder() {
    if (raceFinder_.update(prepared_, controls_, size_, races_)) publishOverlay();
}

void ServeLoop::publishOverlay() {
    const userkernel::RacingPixels& pixels = raceFinder_.racingPixels();
    web::PictureHeader header;
    header.kind = web::PictureKind::Mask;
    std::string png;
    if (pixels.width > 0 && pixels.height > 0 && pixels.count > 0) {
        const std::vector<std::uint8_t> bytes = encodePng(overlayImage(pixels));
        png.assign(reinterpret_cast<const char*>(bytes.data()), bytes.size());
        header.width = static_cast<std::uint16_t>(pixels.width);
        header.height = static_cast<std::uint16_t>(pixels.height);
    }
    server_.publishOverlay(std::make_shared<const std::string>(web::packPicture(header, png)));
}

}  // namespace racelab
