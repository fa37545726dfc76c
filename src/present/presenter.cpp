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
                presenter = std::make_unique<InteropPresenter>(stream);
                presenter->resize(width, height);
                presenter->setReason("CUDA-GL buffer interop (registered PBO)");
            } catch (const Error& e) {
                if (mode == PresentMode::Interop) throw;
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
