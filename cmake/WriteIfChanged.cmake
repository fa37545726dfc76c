# Writes TEXT to PATH only when it differs from what is there, so a generated source that did not change
# rebuilds nothing (used by the generated lists of Workloads.cmake and GpuHalves.cmake).
function(racelab_write_if_changed path text)
  set(_old "")
  if(EXISTS ${path})
    file(READ ${path} _old)
  endif()
  if(NOT "${_old}" STREQUAL "${text}")
    file(WRITE ${path} "${text}")
  endif()
endfunction()
