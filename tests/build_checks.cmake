# Checks of what the build produces, run by CTest beside the GoogleTest suites (all run without a GPU):
#   GpuCode.*  the racelab binary's fat binary carries exactly the SASS and PTX configured (and, for the
#              default list, exactly what README.md promises), read by tools/fatbin_archs.py, no cuobjdump;
#   Assets.*   the committed assets are what their scripts write;
#   Package.*  the .deb builds with its Depends, and racelab runs from it and from cmake --install.
find_package(Python3 REQUIRED COMPONENTS Interpreter)
set(_fatbin ${CMAKE_SOURCE_DIR}/tools/fatbin_archs.py)
if(RACELAB_HAVE_CUDA AND NOT RACELAB_CUDA_SASS STREQUAL "")
  string(REPLACE ";" "," _sass "${RACELAB_CUDA_SASS}")
  string(REPLACE ";" "," _ptx "${RACELAB_CUDA_PTX}")
  set(_promise "")
  if(RACELAB_CUDA_ARCHITECTURES_ARE_DEFAULT)
    set(_promise --readme ${CMAKE_SOURCE_DIR}/README.md --toolkit ${RACELAB_CUDA_TOOLKIT_VERSION})
  endif()
  add_test(NAME GpuCode.FatbinCarriesThePromisedArchitectures
           COMMAND Python3::Interpreter ${_fatbin} $<TARGET_FILE:racelab> --sass ${_sass} --ptx ${_ptx} ${_promise})
  # The check itself must notice a missing target: the same binary against a list with one more SASS.
  add_test(NAME GpuCode.FatbinCheckNoticesAMissingArchitecture
           COMMAND Python3::Interpreter ${_fatbin} $<TARGET_FILE:racelab> --sass ${_sass},35 --ptx ${_ptx})
  set_tests_properties(GpuCode.FatbinCheckNoticesAMissingArchitecture PROPERTIES WILL_FAIL TRUE)
else()
  if(RACELAB_HAVE_CUDA)
    set(_why "the architecture list (${CMAKE_CUDA_ARCHITECTURES}) is resolved by CMake, not recorded: nothing to compare")
  else()
    set(_why "this build has no CUDA backend (RACELAB_ENABLE_CUDA=OFF or no nvcc), so the binary carries no GPU code")
  endif()
  add_test(NAME GpuCode.FatbinCarriesThePromisedArchitectures COMMAND Python3::Interpreter ${_fatbin} --skip "${_why}")
  set_tests_properties(GpuCode.FatbinCarriesThePromisedArchitectures PROPERTIES SKIP_RETURN_CODE 77)
endif()

add_test(NAME Assets.GeneratedFilesAreUpToDate.RacelabSvg
         COMMAND Python3::Interpreter ${CMAKE_SOURCE_DIR}/tools/make_racelab_svg.py --check
                 ${CMAKE_SOURCE_DIR}/assets/fourier/racelab.svg)
add_test(NAME Assets.GeneratedFilesAreUpToDate.HistogramPicture
         COMMAND Python3::Interpreter ${CMAKE_SOURCE_DIR}/tools/make_histogram_picture.py --check
                 ${CMAKE_SOURCE_DIR}/assets/images/rings.png)
add_test(NAME Assets.GeneratedFilesAreUpToDate.TrefoilMesh
         COMMAND Python3::Interpreter ${CMAKE_SOURCE_DIR}/tools/make_default_mesh.py --check
                 ${CMAKE_SOURCE_DIR}/assets/meshes/trefoil.off)

add_test(NAME Package.DebAndInstallRun
         COMMAND ${CMAKE_COMMAND} -E env CPACK=${CMAKE_CPACK_COMMAND} CMAKE=${CMAKE_COMMAND}
                 bash ${CMAKE_SOURCE_DIR}/tools/package-check.sh ${CMAKE_BINARY_DIR})
set_tests_properties(Package.DebAndInstallRun PROPERTIES TIMEOUT 300 RUN_SERIAL TRUE)

# A workload is its own folders (docs/ARCHITECTURE.md, "The workload boundary"): shared code names no family
# and no family includes another's files. The self-test shows the check finds each kind of crossing.
add_test(NAME Workloads.BoundaryHolds
         COMMAND Python3::Interpreter ${CMAKE_SOURCE_DIR}/tools/check-workload-boundary.py ${CMAKE_SOURCE_DIR})
add_test(NAME Workloads.BoundaryCheckFindsEachKindOfCrossing
         COMMAND Python3::Interpreter ${CMAKE_SOURCE_DIR}/tools/check-workload-boundary.py --self-test)

# The layers (docs/ARCHITECTURE.md): each folder of src/ includes only those below it, src/ nothing from
# kernels/, no source file over 450 lines. The self-test shows the check finds each kind of breach.
add_test(NAME Layers.Hold COMMAND Python3::Interpreter ${CMAKE_SOURCE_DIR}/tools/check-layers.py ${CMAKE_SOURCE_DIR})
add_test(NAME Layers.CheckFindsEachKindOfBreach COMMAND Python3::Interpreter ${CMAKE_SOURCE_DIR}/tools/check-layers.py --self-test)

# README quotes no measured number that is not in a committed record (bench/); the self-test shows an unbacked
# one is caught.
add_test(NAME Docs.ReadmeNumbersAreInTheRecords
         COMMAND Python3::Interpreter ${CMAKE_SOURCE_DIR}/tools/check-readme-numbers.py ${CMAKE_SOURCE_DIR})
add_test(NAME Docs.ReadmeNumbersCheckFindsAnUnbackedNumber
         COMMAND Python3::Interpreter ${CMAKE_SOURCE_DIR}/tools/check-readme-numbers.py --self-test)

# tools/portable-bundle.sh packs the binaries with stand-ins for the libraries they load but never call
# (tools/stand_in_library.py): a stand-in must keep the soname, version nodes and versioned symbols the loader
# checks, or the bundled binary does not start.
add_test(NAME Tools.StandInLibraryKeepsWhatTheLoaderChecks
         COMMAND Python3::Interpreter ${CMAKE_SOURCE_DIR}/tools/stand_in_library.py --self-test)
