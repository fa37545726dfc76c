# racelab's committed data files (assets/, made by tools/make_*.py) at run time. The binary looks for them
# relative to its own folder (src/core/asset_paths.hpp): RACELAB_ASSETS_RELATIVE leads from the bin folder
# to share/racelab in an installed prefix, and the build tree gets the same layout (build/bin/racelab,
# build/share/racelab/), so a build and an install find their assets the same way.
# Fetched meshes (tools/fetch-meshes.sh, assets/meshes/ besides trefoil.off) are neither copied nor
# installed: they are not ours to redistribute (assets/README.md).
set(RACELAB_ASSET_FILES
    README.md             # what is here and where it comes from; its presence marks an asset folder
    fourier/racelab.svg   # fourier/text (tools/make_racelab_svg.py)
    images/rings.png      # histogram/image's input when graded (tools/make_histogram_picture.py)
    meshes/trefoil.off)   # the default mesh (tools/make_default_mesh.py)
set(RACELAB_ASSET_INSTALL_DIR ${CMAKE_INSTALL_DATADIR}/racelab)
file(RELATIVE_PATH RACELAB_ASSETS_RELATIVE ${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}
     ${CMAKE_INSTALL_PREFIX}/${RACELAB_ASSET_INSTALL_DIR})
foreach(asset IN LISTS RACELAB_ASSET_FILES)
  # configure_file copies at configure time and again whenever the file changes.
  configure_file(${CMAKE_SOURCE_DIR}/assets/${asset} ${CMAKE_BINARY_DIR}/bin/${RACELAB_ASSETS_RELATIVE}/${asset} COPYONLY)
  get_filename_component(folder ${asset} DIRECTORY)
  install(FILES ${CMAKE_SOURCE_DIR}/assets/${asset} DESTINATION ${RACELAB_ASSET_INSTALL_DIR}/${folder})
endforeach()

# User kernels (src/userkernel/): the example kernels under assets/kernels/<family>/, and the headers NVRTC
# finds in kernels/include/ without any path from the user: racelab/launch.cuh and each family's contract,
# src/scenes/<family>/kernel_contract.cuh, as racelab/<family>.cuh.
# And the course-level references grade times submissions against by default (assets/reference/<family>/).
file(GLOB RACELAB_KERNEL_EXAMPLES RELATIVE ${CMAKE_SOURCE_DIR}/assets CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/assets/kernels/*/*.cu
     ${CMAKE_SOURCE_DIR}/assets/reference/*/*/*.cu)
foreach(asset IN LISTS RACELAB_KERNEL_EXAMPLES)
  configure_file(${CMAKE_SOURCE_DIR}/assets/${asset} ${CMAKE_BINARY_DIR}/bin/${RACELAB_ASSETS_RELATIVE}/${asset} COPYONLY)
  get_filename_component(folder ${asset} DIRECTORY)
  install(FILES ${CMAKE_SOURCE_DIR}/assets/${asset} DESTINATION ${RACELAB_ASSET_INSTALL_DIR}/${folder})
endforeach()
file(GLOB _rl_kernel_headers CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/src/userkernel/*/device/racelab/*.cuh)
file(GLOB _rl_contracts CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/src/scenes/*/kernel_contract.cuh)
foreach(header IN LISTS _rl_kernel_headers _rl_contracts)
  if(header MATCHES "/src/scenes/([^/]+)/kernel_contract.cuh$")
    set(name "${CMAKE_MATCH_1}.cuh")
  else()
    get_filename_component(name ${header} NAME)
  endif()
  configure_file(${header} ${CMAKE_BINARY_DIR}/bin/${RACELAB_ASSETS_RELATIVE}/kernels/include/racelab/${name} COPYONLY)
  install(FILES ${header} DESTINATION ${RACELAB_ASSET_INSTALL_DIR}/kernels/include/racelab RENAME ${name})
endforeach()
# Whole-file solutions (a course's whole program, e.g. CS149's cudaRenderer.cu): racelab's version of the
# course's headers and helpers and its entry file, src/scenes/<family>/harness/*, as kernels/include/harness/<family>/.
file(GLOB_RECURSE _rl_harness_files CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/src/scenes/*/harness/*)
foreach(file IN LISTS _rl_harness_files)
  string(REGEX REPLACE ".*/src/scenes/([^/]+)/harness/(.+)$" "\\1;\\2" _rl_parts "${file}")
  list(GET _rl_parts 0 family)
  list(GET _rl_parts 1 relative)
  get_filename_component(subfolder ${relative} DIRECTORY)
  configure_file(${file} ${CMAKE_BINARY_DIR}/bin/${RACELAB_ASSETS_RELATIVE}/kernels/include/harness/${family}/${relative} COPYONLY)
  install(FILES ${file} DESTINATION ${RACELAB_ASSET_INSTALL_DIR}/kernels/include/harness/${family}/${subfolder})
endforeach()
# Launch-list files reach the course's helpers too (a launch list's include path: launch_list/<family>/ first,
# then harness/<family>/): src/scenes/<family>/launch_list/* holds the launch-list versions of the helpers
# whose harness version would clash with racelab/<family>.cuh, as kernels/include/launch_list/<family>/.
file(GLOB_RECURSE _rl_launch_list_files CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/src/scenes/*/launch_list/*)
foreach(file IN LISTS _rl_launch_list_files)
  string(REGEX REPLACE ".*/src/scenes/([^/]+)/launch_list/(.+)$" "\\1;\\2" _rl_parts "${file}")
  list(GET _rl_parts 0 family)
  list(GET _rl_parts 1 relative)
  configure_file(${file} ${CMAKE_BINARY_DIR}/bin/${RACELAB_ASSETS_RELATIVE}/kernels/include/launch_list/${family}/${relative} COPYONLY)
  install(FILES ${file} DESTINATION ${RACELAB_ASSET_INSTALL_DIR}/kernels/include/launch_list/${family})
endforeach()
