// The cpu backend's presenter: host frame -> glBufferSubData into the PBO -> texture.
#pragma once
#include "present/presenter.hpp"

namespace racelab {

class HostPresenter final : public Presenter {
public:
    std::string name() const override { return "cpu"; }
    void resize(int width, int height) override;
    FrameTarget begin(FrameTiming& timing) override;
    void end(FrameTiming& timing) override;
    HostImage* hostImage() override { return &image_; }

private:
    HostImage image_;
};

}  // namespace racelab
