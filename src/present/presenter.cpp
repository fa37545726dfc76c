#include "present/presenter.hpp"

#include <cstdio>

#include "present/gl_check.hpp"
#include "present/host_presenter.hpp"
#ifdef RACELAB_HAVE_CUDA
#include "present/interop_presenter.hpp"
#include "present/staging_presenter.hpp"
#endif

namespace racelab {

HostImage Presenter::readTexture() const {
    HostImage image(width(), height());
    GL_CHECK(glBindBuffer(GL_PIXEL_PACK_BUFFER, 0));
    GL_CHECK(glPixelStorei(GL_PACK_ALIGNMENT, 1));
    GL_CHECK(glGetTextureImage(texture(), 0, GL_RGBA, GL_UNSIGNED_BYTE, static_cast<GLsizei>(image.byteSize()),
                               image.pixels.data()));
    return image;
}

std::optional<PresentMode> presentModeNamed(const std::string& name) {
    if (name == "auto") return PresentMode::Auto;
    if (name == "interop") return PresentMode::Interop;
    if (name == "interop-texture") return PresentMode::InteropTexture;
    if (name == "interop-pbo") return PresentMode::InteropPbo;
    if (name == "staging") return PresentMode::Staging;
    return std::nullopt;
}

#ifdef RACELAB_HAVE_CUDA
namespace {

// The interop form a mode asks for. Interop and Auto take the texture form: it measured faster than the
// PBO pair on the H100 (docs/BENCHMARKS.md, "Interop forms").
std::unique_ptr<Presenter> makeInterop(PresentMode mode, cudaStream_t stream) {
    if (mode == PresentMode::InteropPbo) return std::make_unique<PboInteropPresenter>(stream);
    return std::make_unique<TextureInteropPresenter>(stream);
}

}  // namespace
#endif

std::unique_ptr<Presenter> makePresenter(Backend backend, PresentMode mode, cudaStream_t stream, int width, int height) {
    std::unique_ptr<Presenter> presenter;
    if (backend == Backend::Cpu) {
        presenter = std::make_unique<HostPresenter>();
        presenter->setReason("cpu backend: the CPU reference renders each frame");
    } else {
#ifdef RACELAB_HAVE_CUDA
        if (mode == PresentMode::Staging) {
            presenter = std::make_unique<StagingPresenter>(stream);
            presenter->setReason("selected with --present staging");
        } else {
            try {
                presenter = makeInterop(mode, stream);
                presenter->resize(width, height);
                presenter->setReason(presenter->name() == "interop-pbo"
                                         ? "CUDA-GL buffer interop (two registered PBOs, used in turn)"
                                         : "CUDA-GL texture interop (the texture registered, one device copy into it)");
            } catch (const Error& e) {
                if (mode != PresentMode::Auto) throw;
                std::fprintf(stderr, "racelab: interop unavailable (%s); using the staging presenter\n", e.what());
                presenter = std::make_unique<StagingPresenter>(stream);
                presenter->setReason(std::string("fallback: interop registration failed: ") + e.what());
            }
        }
#else
        (void)mode, (void)stream;
        throwNoCudaBuild();
#endif
    }
    presenter->resize(width, height);
    return presenter;
}

}  // namespace racelab
