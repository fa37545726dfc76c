# Writes every file of DIR (the page of `racelab serve`: web/) into OUT as a table of C++ raw strings, by file
# name, so the binary serves its page from any directory with nothing installed beside it (as the shaders are).
# Run at build time: cmake -DOUT=... -DDIR=... -P EmbedWebPage.cmake
file(GLOB files ${DIR}/*)
list(SORT files)
set(text "// Generated from web/ at build time by cmake/EmbedWebPage.cmake; do not edit.\n#pragma once\n")
string(APPEND text "#include <string_view>\n#include <utility>\nnamespace racelab::web::embedded {\n")
string(APPEND text "inline constexpr std::pair<std::string_view, std::string_view> kPageFiles[] = {\n")
foreach(f ${files})
  get_filename_component(name ${f} NAME)
  file(READ ${f} body)
  string(FIND "${body}" ")RACELAB_WEB\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${f} contains the raw string's end marker )RACELAB_WEB\"")
  endif()
  string(APPEND text "    {\"${name}\", R\"RACELAB_WEB(${body})RACELAB_WEB\"},\n")
endforeach()
string(APPEND text "};\n}\n")
file(WRITE ${OUT} "${text}")
