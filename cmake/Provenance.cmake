# The build's provenance for every JSON record racelab writes (src/core/provenance.hpp): the git commit,
# whether the tree was dirty, the build type, the version and the compiler. They are read at every build,
# not only at configure time, by a target that always runs (cmake/WriteProvenance.cmake) but rewrites the
# generated header only when a value changed: a new commit recompiles provenance.cpp and relinks, nothing
# else; an unchanged tree rebuilds nothing (Ninja restats the byproduct).
#
#   racelab_add_provenance(<target>)  makes <target> depend on the header and see generated/racelab/.
set(RACELAB_PROVENANCE_HEADER ${CMAKE_BINARY_DIR}/generated/racelab/build_provenance.hpp)
add_custom_target(racelab_provenance
  COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${CMAKE_SOURCE_DIR} -DOUT=${RACELAB_PROVENANCE_HEADER}
          -DBUILD_TYPE=$<CONFIG> -DVERSION=${PROJECT_VERSION}
          "-DCOMPILER=${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION}"
          -P ${CMAKE_CURRENT_LIST_DIR}/WriteProvenance.cmake
  BYPRODUCTS ${RACELAB_PROVENANCE_HEADER}
  COMMENT "Provenance: git commit and tree state"
  VERBATIM)

function(racelab_add_provenance target)
  add_dependencies(${target} racelab_provenance)
  target_include_directories(${target} PRIVATE ${CMAKE_BINARY_DIR}/generated)
endfunction()
