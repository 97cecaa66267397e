# The core's layers: one static library per core folder, linked to the folders
# the layer table in core/CMakeLists.txt says it uses, and a build step per
# folder that fails on an #include of any core folder it may not use
# (cmake/CheckLayers.cmake). docs/architecture.md, "Core folders".
include_guard(GLOBAL)

set_property(GLOBAL PROPERTY PB_CORE_CHECK_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/CheckLayers.cmake)

# pb_core_folder(<folder> [USES <folder>...]): one row of the layer table.
# Creates phasebench_core_<folder> from <folder>/sources.cmake (which adds its
# sources and private dependencies to ${PB_CORE_FOLDER_TARGET}) and links it
# to the folders it uses. A macro: what sources.cmake finds (packages,
# generated code) stays visible in core/ as before.
macro(pb_core_folder _pb_folder)
  cmake_parse_arguments(_pb "" "" "USES" ${ARGN})
  if(_pb_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "pb_core_folder(${_pb_folder}): unexpected ${_pb_UNPARSED_ARGUMENTS} (USES <folder>...)")
  endif()
  get_property(_pb_declared GLOBAL PROPERTY PB_CORE_FOLDERS)
  if(_pb_folder IN_LIST _pb_declared)
    message(FATAL_ERROR "pb_core_folder(${_pb_folder}): declared twice")
  endif()
  set(_pb_allowed "")
  foreach(_pb_use IN LISTS _pb_USES)
    if(NOT _pb_use IN_LIST _pb_declared)
      message(FATAL_ERROR "core/CMakeLists.txt: ${_pb_folder} uses ${_pb_use}, which is not declared above it "
                          "(a folder comes after every folder it uses, so the layers have no cycle)")
    endif()
    get_property(_pb_below GLOBAL PROPERTY PB_CORE_ALLOWED_${_pb_use})
    list(APPEND _pb_allowed ${_pb_use} ${_pb_below})
  endforeach()
  list(REMOVE_DUPLICATES _pb_allowed)
  list(SORT _pb_allowed)
  set_property(GLOBAL APPEND PROPERTY PB_CORE_FOLDERS ${_pb_folder})
  set_property(GLOBAL PROPERTY PB_CORE_USES_${_pb_folder} ${_pb_USES})
  set_property(GLOBAL PROPERTY PB_CORE_ALLOWED_${_pb_folder} ${_pb_allowed})

  set(PB_CORE_FOLDER_TARGET phasebench_core_${_pb_folder})
  add_library(${PB_CORE_FOLDER_TARGET} STATIC)
  phasebench_unity(${PB_CORE_FOLDER_TARGET})
  target_include_directories(${PB_CORE_FOLDER_TARGET} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
  target_link_libraries(${PB_CORE_FOLDER_TARGET}
    PUBLIC Qt6::Core phasebench_settings
    PRIVATE nlohmann_json::nlohmann_json)
  foreach(_pb_use IN LISTS _pb_USES)
    target_link_libraries(${PB_CORE_FOLDER_TARGET} PUBLIC phasebench_core_${_pb_use})
  endforeach()
  include(${CMAKE_CURRENT_SOURCE_DIR}/${_pb_folder}/sources.cmake)
  unset(PB_CORE_FOLDER_TARGET)
endmacro()

# The command that checks the includes of ROOT/<folder> against the layer
# table's allowed set for TABLE_FOLDER (default: the folder itself), writing
# STAMP when they pass. Used by the build and by tests/layers alike.
function(pb_core_layer_check_command out)
  cmake_parse_arguments(arg "" "FOLDER;TABLE_FOLDER;ROOT;STAMP" "" ${ARGN})
  if(NOT arg_TABLE_FOLDER)
    set(arg_TABLE_FOLDER ${arg_FOLDER})
  endif()
  get_property(folders GLOBAL PROPERTY PB_CORE_FOLDERS)
  if(NOT arg_TABLE_FOLDER IN_LIST folders)
    message(FATAL_ERROR "pb_core_layer_check_command: ${arg_TABLE_FOLDER} is not in the layer table")
  endif()
  get_property(allowed GLOBAL PROPERTY PB_CORE_ALLOWED_${arg_TABLE_FOLDER})
  # ui/'s folders (those not named like a core folder) are never included from core.
  file(GLOB ui_entries LIST_DIRECTORIES true RELATIVE ${PROJECT_SOURCE_DIR}/ui ${PROJECT_SOURCE_DIR}/ui/*)
  set(ui_folders "")
  foreach(entry IN LISTS ui_entries)
    if(IS_DIRECTORY ${PROJECT_SOURCE_DIR}/ui/${entry} AND NOT entry IN_LIST folders)
      list(APPEND ui_folders ${entry})
    endif()
  endforeach()
  get_property(script GLOBAL PROPERTY PB_CORE_CHECK_SCRIPT)
  list(JOIN allowed "," allowed)
  list(JOIN folders "," folders)
  list(JOIN ui_folders "," ui_folders)
  set(${out} ${CMAKE_COMMAND} -DFOLDER=${arg_FOLDER} -DROOT=${arg_ROOT} -DALLOWED=${allowed}
      -DCORE_FOLDERS=${folders} -DUI_FOLDERS=${ui_folders} -DSOURCE_DIR=${PROJECT_SOURCE_DIR}
      -DSTAMP=${arg_STAMP} -P ${script} PARENT_SCOPE)
endfunction()

# Adds the layer check of ROOT/<FOLDER> as a build step of TARGET: the check
# runs again whenever a file of the folder (or the table) changes, and a
# violation fails TARGET's build before anything of it compiles.
function(pb_core_layer_check)
  cmake_parse_arguments(arg "" "TARGET;FOLDER;TABLE_FOLDER;ROOT" "" ${ARGN})
  set(stamp ${CMAKE_CURRENT_BINARY_DIR}/layers/${arg_TARGET}.stamp)
  pb_core_layer_check_command(command FOLDER ${arg_FOLDER} TABLE_FOLDER ${arg_TABLE_FOLDER} ROOT ${arg_ROOT}
                              STAMP ${stamp})
  get_property(script GLOBAL PROPERTY PB_CORE_CHECK_SCRIPT)
  file(GLOB files CONFIGURE_DEPENDS
    ${arg_ROOT}/${arg_FOLDER}/*.h ${arg_ROOT}/${arg_FOLDER}/*.hpp ${arg_ROOT}/${arg_FOLDER}/*.cpp
    ${arg_ROOT}/${arg_FOLDER}/*.cc ${arg_ROOT}/${arg_FOLDER}/*.inl)
  add_custom_command(OUTPUT ${stamp}
    COMMAND ${command}
    DEPENDS ${files} ${script} ${PROJECT_SOURCE_DIR}/core/CMakeLists.txt
    COMMENT "Layer check: ${arg_FOLDER}/ may include only the folders it uses"
    VERBATIM)
  target_sources(${arg_TARGET} PRIVATE ${stamp})
endfunction()

# After the table: every folder with a sources.cmake is in it, each folder
# library gets its layer check, and phasebench_core links them all.
function(pb_core_layers_done)
  get_property(folders GLOBAL PROPERTY PB_CORE_FOLDERS)
  file(GLOB fragments RELATIVE ${CMAKE_CURRENT_SOURCE_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/*/sources.cmake)
  foreach(fragment IN LISTS fragments)
    get_filename_component(folder ${fragment} DIRECTORY)
    if(NOT folder IN_LIST folders)
      message(FATAL_ERROR "core/${folder} has a sources.cmake but no row in the layer table (core/CMakeLists.txt)")
    endif()
  endforeach()
  set(targets "")
  foreach(folder IN LISTS folders)
    pb_core_layer_check(TARGET phasebench_core_${folder} FOLDER ${folder} ROOT ${CMAKE_CURRENT_SOURCE_DIR})
    list(APPEND targets phasebench_core_${folder})
  endforeach()
  add_library(phasebench_core INTERFACE)
  target_link_libraries(phasebench_core INTERFACE ${targets})
  # `cmake --build --target phasebench_core` builds every folder's library:
  # an INTERFACE library gets a build target only with sources of its own.
  target_sources(phasebench_core PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/CMakeLists.txt)
  add_dependencies(phasebench_core ${targets})
endfunction()
