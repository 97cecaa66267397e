# A rebuild (another preset, a worktree, CI on a reused machine) compiles only
# what changed when ccache is installed; without it nothing differs.
find_program(PHASEBENCH_CCACHE ccache)
if(PHASEBENCH_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  # Without these, ccache declines every file compiled with a precompiled
  # header (it cannot prove the header's macros and time stamps unchanged).
  set(CMAKE_CXX_COMPILER_LAUNCHER
    env "CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime"
    "${PHASEBENCH_CCACHE}")
endif()

# Linking the ~100 test and benchmark executables against the static core
# libraries and Qt is a third of a clean build with GNU ld; mold does each in
# a quarter of the time (tests/ui/tst_ui_scale: 13.8 s -> 3.7 s).
find_program(PHASEBENCH_MOLD mold)
option(PHASEBENCH_USE_MOLD "Link with mold when it is installed" ON)
if(PHASEBENCH_MOLD AND PHASEBENCH_USE_MOLD)
  add_link_options(-fuse-ld=mold)
endif()

# Precompiled headers for the Qt-heavy targets (ui and the tests): parsing Qt
# Widgets, QtTest and QCustomPlot is most of their compile time.
option(PHASEBENCH_PCH "Precompile the Qt headers of the ui library and the tests" ON)

# Unity build of the core folders and the CLI's commands: their files share
# nlohmann/json, Qt Core and their own headers, and compiling them in batches
# parses those once per batch instead of once per file (core/import: 76 s of
# CPU as 28 files, 13 s as one batch). Internal helpers therefore never share
# a name within a library, and a type that a class's Impl holds lives in a
# named namespace (GCC's -Wsubobject-linkage flags an anonymous one outside
# the main file). Not the ui library: its files' tr() helpers carry different
# translation contexts under one name, and it has a precompiled header.
option(PHASEBENCH_UNITY "Compile the core and CLI libraries in batches (unity build)" ON)
set(PHASEBENCH_UNITY_BATCH 16 CACHE STRING "Files per unity batch (0: one batch per library)")
function(phasebench_unity target)
  set_target_properties(${target} PROPERTIES
    UNITY_BUILD ${PHASEBENCH_UNITY} UNITY_BUILD_BATCH_SIZE ${PHASEBENCH_UNITY_BATCH})
endfunction()

# Applied to every Phasebench target through phasebench_settings.
add_library(phasebench_settings INTERFACE)
target_compile_options(phasebench_settings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wold-style-cast
  -Wcast-align -Woverloaded-virtual -Wnull-dereference -Wimplicit-fallthrough
  # Designated initializers that rely on member defaults are intended.
  -Wno-missing-field-initializers)
# Production code (core, ui, app, benchmarks) fails on any warning in every
# preset. Test suites do in the debug build; optimised, GCC 12 reports flow
# warnings inside inlined libstdc++ and QTest code in them (-Wnull-dereference
# in stl_iterator.h, -Warray-bounds in char_traits.h) that are not defects of
# the test, so there they stay warnings.
define_property(TARGET PROPERTY PHASEBENCH_TEST_SUITE
  BRIEF_DOCS "A Qt Test suite: warnings are errors in the debug build only")
if(PHASEBENCH_WERROR)
  target_compile_options(phasebench_settings INTERFACE
    $<$<OR:$<CONFIG:Debug>,$<NOT:$<BOOL:$<TARGET_PROPERTY:PHASEBENCH_TEST_SUITE>>>>:-Werror>)
endif()
# Test suites keep line tables, not the full debug information, in the debug
# build: a tenth less compile time for ~80 suites, and a failure's backtrace
# still names file and line.
target_compile_options(phasebench_settings INTERFACE
  $<$<AND:$<CONFIG:Debug>,$<BOOL:$<TARGET_PROPERTY:PHASEBENCH_TEST_SUITE>>>:-g1>)
target_compile_definitions(phasebench_settings INTERFACE
  QT_NO_CAST_FROM_ASCII
  QT_NO_CAST_TO_ASCII
  QT_NO_URL_CAST_FROM_STRING
  QT_NO_CAST_FROM_BYTEARRAY
  QT_NO_KEYWORDS
  QT_DISABLE_DEPRECATED_BEFORE=0x060400
  PHASEBENCH_VERSION="${PROJECT_VERSION}")
if(PHASEBENCH_SANITIZE)
  target_compile_options(phasebench_settings INTERFACE
    -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  target_link_options(phasebench_settings INTERFACE -fsanitize=address,undefined)
endif()
