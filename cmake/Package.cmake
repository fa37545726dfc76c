# cmake --install BUILD --prefix P: P/bin/racelab, P/share/racelab/ (Assets.cmake) and the README.
# cpack -G DEB (in BUILD): racelab_<version>_<arch>.deb for apt install ./racelab_*.deb. Its Depends come
# from dpkg-shlibdeps (package dpkg-dev): the Debian packages of every shared library the binary links
# (GLFW, OpenCV, GL/EGL, libstb, libgomp, ...). The CUDA runtime is linked statically and opens the driver
# itself, and cuFFT is opened at run time (gpu_fft.hpp), so the package needs no CUDA package: without
# a driver racelab runs on the cpu backend, without cuFFT the Fourier scenes use the plain DFT.
install(TARGETS racelab RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${CMAKE_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME racelab)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "racelab developers <racelab@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "CUDA kernels rendering live into OpenGL, each with a racy twin and a CPU reference")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # racelab_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SECTION graphics)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# glad opens libEGL.so.1 and libGL.so.1 at run time (dlopen), out of dpkg-shlibdeps' sight: named here,
# the libraries the binary links are appended by dpkg-shlibdeps.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libegl1, libgl1")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "ffmpeg")  # racelab fourier --gif / --mp4
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "bubblewrap")  # the sandbox of whole-file solutions (grade refuses them without)
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION  # below the summary line; CPack indents these lines itself
    "Every frame, CUDA kernels write into an OpenGL pixel buffer shown by a GLFW window with Dear ImGui
controls; each workload has a correct and a racy variant and a CPU reference. Runs on the cpu backend
where there is no NVIDIA GPU or driver.")
include(CPack)
