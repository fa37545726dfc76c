# racelab's committed data files (assets/, made by tools/make_*.py) at run time. The binary looks for them
# relative to its own folder (src/core/asset_paths.hpp): RACELAB_ASSETS_RELATIVE leads from the bin folder
# to share/racelab in an installed prefix, and the build tree gets the same layout (build/bin/racelab,
# build/share/racelab/), so a build and an install find their assets the same way.
# Fetched meshes (tools/fetch-meshes.sh, assets/meshes/ besides trefoil.off) are neither copied nor
# installed: they are not ours to redistribute (assets/README.md).
set(RACELAB_ASSET_FILES
    README.md             # what is here and where it comes from; its presence marks an asset folder
    fourier/racelab.svg   # fourier/text (tools/make_racelab_svg.py)
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
