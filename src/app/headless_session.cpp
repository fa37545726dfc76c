#include "app/headless_session.hpp"

#include "core/errors.hpp"

namespace racelab {

HeadlessSession::HeadlessSession(PreparedScene& prepared, PresentMode mode, HeadlessGl gl) {
    const Size2 size = prepared.size;
    if (gl != HeadlessGl::None) {
        try {
            surface_ = std::make_unique<HeadlessEglSurface>(size.width, size.height, currentCudaDevice());
            presenter_ = makePresenter(prepared.backend, mode, stream_.get(), size.width, size.height);
        } catch (const Error& e) {
            if (gl == HeadlessGl::Required) throw;
            presenter_.reset();
            surface_.reset();
            glNote_ = e.what();
        }
    }
    loop_ = std::make_unique<FrameLoop>(*prepared.scene, presenter_.get(), surface_.get(), stream_.get());
    loop_->setHeadlessSize(size.width, size.height);
}

void HeadlessSession::resize(Size2 size) {
    if (surface_) surface_->resize(size.width, size.height);
    if (presenter_) presenter_->resize(size.width, size.height);
    loop_->setHeadlessSize(size.width, size.height);
}

}  // namespace racelab
