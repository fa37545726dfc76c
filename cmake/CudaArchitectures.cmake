# Which GPUs the kernels are compiled for. Call before enable_language(CUDA), with the nvcc to ask.
#
# Default: SASS (machine code) for the common targets this nvcc can build, plus PTX for the lowest of them,
# so every GPU the toolkit supports loads the kernels: the driver runs a cubin built for the same major
# version and an equal or lower minor one, and JIT-compiles the PTX for anything newer (e.g. sm_110, or
# a GPU that does not exist yet). CUDA 13 builds sm_75 and newer; CUDA 12 also Maxwell, Pascal and Volta.
#
# RACELAB_CUDA_ARCHITECTURES (cache) overrides the list in CMAKE_CUDA_ARCHITECTURES syntax, e.g. "90" for
# a quick one-GPU build or "native", or is "portable": PTX alone for the lowest target (tools/run.sh on a
# machine without a GPU); an explicit -DCMAKE_CUDA_ARCHITECTURES=... is honoured as well.
#
# Sets in the caller's scope:
#   CMAKE_CUDA_ARCHITECTURES        the list nvcc gets
#   RACELAB_CUDA_TOOLKIT_VERSION    "13.0"
#   RACELAB_CUDA_TOOLKIT_MAJOR      "13"
#   RACELAB_CUDA_SASS, RACELAB_CUDA_PTX   the architectures as numbers ("75;80;..."), empty when unknown
#                                   (e.g. "native", resolved by CMake only later)
#   RACELAB_CUDA_ARCHITECTURES_ARE_DEFAULT  ON when the default list was used (README documents it)

# One SASS per GPU generation, and the Ampere/Ada consumer parts (86, 89) on their own: sm_80 code would
# run on them too, but code built for them is scheduled for them. 87/88 (Jetson), 103 and 121 run the SASS
# of their major; 110 (Thor) and any later major JIT-compile the PTX.
set(RACELAB_CUDA_COMMON_TARGETS 50 52 60 61 70 75 80 86 89 90 100 120)

macro(racelab_choose_cuda_architectures nvcc)
  execute_process(COMMAND ${nvcc} --version OUTPUT_VARIABLE _rl_version ERROR_QUIET)
  string(REGEX MATCH "release ([0-9]+)\\.([0-9]+)" _rl_match "${_rl_version}")
  set(RACELAB_CUDA_TOOLKIT_MAJOR "${CMAKE_MATCH_1}")
  set(RACELAB_CUDA_TOOLKIT_VERSION "${CMAKE_MATCH_1}.${CMAKE_MATCH_2}")
  if(RACELAB_CUDA_TOOLKIT_MAJOR STREQUAL "")
    message(FATAL_ERROR "racelab: cannot read the CUDA version from '${nvcc} --version'")
  endif()
  # What this nvcc can build machine code for (--list-gpu-code exists since CUDA 11.0).
  execute_process(COMMAND ${nvcc} --list-gpu-code OUTPUT_VARIABLE _rl_codes ERROR_QUIET)
  string(REGEX MATCHALL "sm_[0-9]+" _rl_codes "${_rl_codes}")
  set(_rl_default "")
  set(_rl_lowest "")
  foreach(_rl_arch IN LISTS RACELAB_CUDA_COMMON_TARGETS)
    if("sm_${_rl_arch}" IN_LIST _rl_codes)
      if(_rl_lowest STREQUAL "")
        set(_rl_lowest ${_rl_arch})
        list(APPEND _rl_default ${_rl_arch})  # "75": SASS and PTX
      else()
        list(APPEND _rl_default ${_rl_arch}-real)  # SASS only
      endif()
    endif()
  endforeach()
  if(_rl_default STREQUAL "")
    message(FATAL_ERROR "racelab: '${nvcc} --list-gpu-code' lists none of ${RACELAB_CUDA_COMMON_TARGETS}")
  endif()
  set(RACELAB_CUDA_ARCHITECTURES "" CACHE STRING
      "CUDA architectures, CMAKE_CUDA_ARCHITECTURES syntax (empty: SASS for the common targets + PTX for the lowest)")
  # A CMAKE_CUDA_ARCHITECTURES other than the one this macro chose last time was given by the user.
  if(DEFINED CMAKE_CUDA_ARCHITECTURES AND NOT CMAKE_CUDA_ARCHITECTURES STREQUAL ""
     AND NOT CMAKE_CUDA_ARCHITECTURES STREQUAL "${_RACELAB_CUDA_ARCHITECTURES_CHOSEN}")
    set(RACELAB_CUDA_ARCHITECTURES_ARE_DEFAULT OFF)
  else()
    if(RACELAB_CUDA_ARCHITECTURES STREQUAL "portable")
      # PTX alone for the lowest target: the smallest build that every GPU of the toolkit runs (JIT-compiled
      # by its driver at the first start); tools/run.sh's choice where no GPU is found.
      set(_rl_chosen "${_rl_lowest}-virtual")
      set(RACELAB_CUDA_ARCHITECTURES_ARE_DEFAULT OFF)
    elseif(NOT RACELAB_CUDA_ARCHITECTURES STREQUAL "")
      set(_rl_chosen "${RACELAB_CUDA_ARCHITECTURES}")
      set(RACELAB_CUDA_ARCHITECTURES_ARE_DEFAULT OFF)
    else()
      set(_rl_chosen "${_rl_default}")
      set(RACELAB_CUDA_ARCHITECTURES_ARE_DEFAULT ON)
    endif()
    set(CMAKE_CUDA_ARCHITECTURES "${_rl_chosen}" CACHE STRING "CUDA architectures" FORCE)
    set(_RACELAB_CUDA_ARCHITECTURES_CHOSEN "${_rl_chosen}" CACHE INTERNAL "")
  endif()
  # Entries are "NN" (SASS + PTX), "NN-real" (SASS) or "NN-virtual" (PTX).
  set(RACELAB_CUDA_SASS "")
  set(RACELAB_CUDA_PTX "")
  foreach(_rl_entry IN LISTS CMAKE_CUDA_ARCHITECTURES)
    if(_rl_entry MATCHES "^([0-9]+)(-real|-virtual)?$")
      if(NOT CMAKE_MATCH_2 STREQUAL "-virtual")
        list(APPEND RACELAB_CUDA_SASS ${CMAKE_MATCH_1})
      endif()
      if(NOT CMAKE_MATCH_2 STREQUAL "-real")
        list(APPEND RACELAB_CUDA_PTX ${CMAKE_MATCH_1})
      endif()
    else()  # native, all, all-major: CMake resolves them later; the binary then reports what it finds
      set(RACELAB_CUDA_SASS "")
      set(RACELAB_CUDA_PTX "")
      break()
    endif()
  endforeach()
  if(_rl_lowest LESS 75)  # CUDA 12 warns that pre-Turing targets are deprecated; the default means them
    add_compile_options($<$<COMPILE_LANGUAGE:CUDA>:-Wno-deprecated-gpu-targets>)
  endif()
  message(STATUS "racelab: CUDA ${RACELAB_CUDA_TOOLKIT_VERSION}, architectures ${CMAKE_CUDA_ARCHITECTURES}"
                 " (SASS ${RACELAB_CUDA_SASS}; PTX ${RACELAB_CUDA_PTX})")
endmacro()
