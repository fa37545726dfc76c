# Precompiled headers: the standard and third-party headers most of racelab's C++ files include, parsed once
# a library instead of once a file. On the 2-core CI machine header parsing is most of a build's time
# (docs/DECISIONS.md, "Build time"). C++ only: nvcc's files get none. RACELAB_PRECOMPILE_HEADERS=OFF turns it
# off, e.g. to see that every file includes what it uses.
option(RACELAB_PRECOMPILE_HEADERS "Precompile the headers most C++ files of a library include" ON)

# The standard headers many files include (C++20's <algorithm> alone is some 20,000 lines), <regex> (the
# heaviest), and nlohmann-json, which every record and message passes through.
set(RACELAB_COMMON_HEADERS
    <algorithm> <array> <chrono> <cmath> <cstddef> <cstdint> <cstdio> <cstdlib> <cstring> <filesystem>
    <fstream> <functional> <map> <memory> <optional> <regex> <set> <sstream> <stdexcept> <string>
    <string_view> <utility> <vector> <nlohmann/json.hpp>)

# racelab_precompile_headers(TARGET [HEADER ...]): the common headers and these, for TARGET's C++ files.
function(racelab_precompile_headers target)
  if(NOT RACELAB_PRECOMPILE_HEADERS)
    return()
  endif()
  set(_headers "")
  foreach(_header IN LISTS RACELAB_COMMON_HEADERS ARGN)
    list(APPEND _headers "$<$<COMPILE_LANGUAGE:CXX>:${_header}>")
  endforeach()
  target_precompile_headers(${target} PRIVATE ${_headers})
endfunction()
