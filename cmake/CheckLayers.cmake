# The layer check of one core folder, run with `cmake -P` as a step of
# building the folder's library (cmake/CoreLayers.cmake). Every .h/.cpp file
# of ROOT/FOLDER is read; an #include "<dir>/..." (or <dir/...>) whose <dir>
# is a core folder outside ALLOWED, or one of the ui/ folders, is a
# violation. All violations are printed, one line each:
#   core/stats/Foo.cpp:12: core/stats may not include "diagnose/Bar.h" (stats may use: model, util)
# and the step fails; without any, STAMP is written. System, Qt and
# third-party includes and includes without a folder are not checked.
#
# Variables (lists are comma-separated, to survive the command line):
#   FOLDER        the folder checked, e.g. stats
#   ROOT          the directory holding the folders (core/, or a test's fixture tree)
#   ALLOWED       the folders FOLDER may include: the layer table's uses, transitively
#   CORE_FOLDERS  every core folder
#   UI_FOLDERS    the ui/ folders (never included from core)
#   SOURCE_DIR    the project's source directory (file names are printed relative to it)
#   STAMP         written when the folder passes
cmake_minimum_required(VERSION 3.25)

foreach(var IN ITEMS FOLDER ROOT CORE_FOLDERS SOURCE_DIR STAMP)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "CheckLayers.cmake: -D${var}=... is required")
  endif()
endforeach()
foreach(var IN ITEMS ALLOWED CORE_FOLDERS UI_FOLDERS)
  string(REPLACE "," ";" ${var} "${${var}}")
endforeach()
if(NOT IS_DIRECTORY "${ROOT}/${FOLDER}")
  message(FATAL_ERROR "CheckLayers.cmake: no folder ${ROOT}/${FOLDER}")
endif()

if(ALLOWED)
  list(JOIN ALLOWED ", " may_use)
else()
  set(may_use "no other core folder")
endif()

file(GLOB files LIST_DIRECTORIES false
  "${ROOT}/${FOLDER}/*.h" "${ROOT}/${FOLDER}/*.hpp" "${ROOT}/${FOLDER}/*.cpp" "${ROOT}/${FOLDER}/*.cc"
  "${ROOT}/${FOLDER}/*.inl")
list(SORT files)

set(violations "")
foreach(file IN LISTS files)
  file(RELATIVE_PATH shown "${SOURCE_DIR}" "${file}")
  file(READ "${file}" text)
  # One list element per line: characters that a CMake list would treat
  # specially never occur in an include's path, so they become blanks.
  foreach(special IN ITEMS "\\" ";" "[" "]" "\r")
    string(REPLACE "${special}" " " text "${text}")
  endforeach()
  string(REPLACE "\n" ";" lines "${text}")
  set(number 0)
  foreach(line IN LISTS lines)
    math(EXPR number "${number} + 1")
    if(NOT line MATCHES "^[ \t]*#[ \t]*include[ \t]*([\"<])(([A-Za-z0-9_.-]+)/[^\">]*)[\">]")
      continue()
    endif()
    set(dir "${CMAKE_MATCH_3}")
    if(CMAKE_MATCH_1 STREQUAL "<")
      set(spelled "<${CMAKE_MATCH_2}>")
    else()
      set(spelled "\"${CMAKE_MATCH_2}\"")
    endif()
    if(dir STREQUAL FOLDER OR dir IN_LIST ALLOWED)
      continue()
    endif()
    if(dir IN_LIST CORE_FOLDERS)
      list(APPEND violations "${shown}:${number}: core/${FOLDER} may not include ${spelled} (${FOLDER} may use: ${may_use})")
    elseif(dir IN_LIST UI_FOLDERS)
      list(APPEND violations
        "${shown}:${number}: core/${FOLDER} may not include ${spelled}: ui/${dir} is not core (${FOLDER} may use: ${may_use})")
    endif()
  endforeach()
endforeach()

if(violations)
  # Printed as they are (message(FATAL_ERROR) would re-wrap them), then the failure.
  list(JOIN violations "\n" text)
  message(NOTICE "${text}")
  list(LENGTH violations count)
  message(FATAL_ERROR "core/${FOLDER}: ${count} include(s) of a folder it may not use. "
                      "The layer table is in core/CMakeLists.txt (docs/architecture.md, \"Core folders\").")
endif()
file(WRITE "${STAMP}" "core/${FOLDER} may use: ${may_use}\n")
