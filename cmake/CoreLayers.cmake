# The core's layers: one static library per core folder, linked to the folders
# the layer table in core/CMakeLists.txt says it uses. docs/architecture.md,
# "Core folders".
include_guard(GLOBAL)

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

# After the table: every folder with a sources.cmake is in it, and
# phasebench_core links them all.
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
    list(APPEND targets phasebench_core_${folder})
  endforeach()
  add_library(phasebench_core INTERFACE)
  target_link_libraries(phasebench_core INTERFACE ${targets})
  # `cmake --build --target phasebench_core` builds every folder's library:
  # an INTERFACE library gets a build target only with sources of its own.
  target_sources(phasebench_core PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/CMakeLists.txt)
  add_dependencies(phasebench_core ${targets})
endfunction()
