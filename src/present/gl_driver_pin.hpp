// In an AddressSanitizer build only: keeps Mesa's DRI driver (swrast_dri.so under Xvfb or EGL without a
// display) loaded once a GL context exists. GLFW and EGL unload it when they end; what the driver allocated for
// itself then has no owner LeakSanitizer can see, and it reports some 112 bytes from "<unknown module>" at exit
// -- the driver's, not racelab's. Pinned (RTLD_NODELETE), its globals still point at them. Other builds: nothing.
#pragma once

namespace racelab {

void keepGlDriverLoadedUnderAddressSanitizer();

}  // namespace racelab
