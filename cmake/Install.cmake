# Installing Phasebench like a desktop application: both programs, their data
# (example scenarios and budgets), docs, icons, the desktop entry, the MIME
# type of workbench files, AppStream metainfo, man pages generated from the
# programs' own --help, a bash completion; and a Debian package (CPack DEB).
# The programs find their data relative to their own path (util/DataDir.h),
# so the installed tree is relocatable. Translations are compiled into the
# programs (:/i18n) and need no files of their own.
# The package's name, lowercase, is the docs folder's (not PROJECT_NAME).
set(CMAKE_INSTALL_DOCDIR "share/doc/phasebench")
include(GNUInstallDirs)

set(PHASEBENCH_APP_ID org.phasebench.Phasebench)

install(TARGETS phasebench phasebench-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

install(DIRECTORY ${PROJECT_SOURCE_DIR}/resources/scenarios ${PROJECT_SOURCE_DIR}/resources/budgets
                  ${PROJECT_SOURCE_DIR}/resources/samples
        DESTINATION ${CMAKE_INSTALL_DATADIR}/phasebench)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR} FILES_MATCHING PATTERN "*.md")
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES ${PROJECT_SOURCE_DIR}/packaging/debian/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR})

# Desktop integration.
set(desktop ${PROJECT_SOURCE_DIR}/resources/desktop)
install(FILES ${desktop}/${PHASEBENCH_APP_ID}.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${desktop}/${PHASEBENCH_APP_ID}.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
install(FILES ${desktop}/${PHASEBENCH_APP_ID}.mime.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages
        RENAME ${PHASEBENCH_APP_ID}.xml)
install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/${PHASEBENCH_APP_ID}.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
install(FILES ${desktop}/screenshot-overview.png DESTINATION ${CMAKE_INSTALL_DATADIR}/phasebench/screenshots)

# PNG icons rendered from the SVG at build time.
find_program(RSVG_CONVERT rsvg-convert)
if(RSVG_CONVERT)
  foreach(size 16 32 48 64 128 256)
    set(png ${CMAKE_CURRENT_BINARY_DIR}/icons/${size}/${PHASEBENCH_APP_ID}.png)
    add_custom_command(OUTPUT ${png}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/icons/${size}
      COMMAND ${RSVG_CONVERT} -w ${size} -h ${size} -o ${png}
              ${PROJECT_SOURCE_DIR}/resources/icons/${PHASEBENCH_APP_ID}.svg
      DEPENDS ${PROJECT_SOURCE_DIR}/resources/icons/${PHASEBENCH_APP_ID}.svg VERBATIM)
    list(APPEND phasebench_icons ${png})
    install(FILES ${png} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps)
  endforeach()
  add_custom_target(phasebench_icons ALL DEPENDS ${phasebench_icons})
else()
  message(WARNING "rsvg-convert not found (librsvg2-bin): PNG icons are not built")
endif()

# Man pages from the programs' own --help (help2man), gzipped as Debian wants.
find_program(HELP2MAN help2man)
find_program(GZIP gzip)
if(HELP2MAN AND GZIP)
  set(man ${CMAKE_CURRENT_BINARY_DIR}/man)
  set(help_phasebench --help)
  set(help_phasebench-cli --help-all)
  foreach(prog phasebench phasebench-cli)
    set(page ${man}/${prog}.1)
    add_custom_command(OUTPUT ${page}.gz
      COMMAND ${CMAKE_COMMAND} -E make_directory ${man}
      # Found through PATH so that the pages say "phasebench-cli", not a build path.
      COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen LC_ALL=C.UTF-8 "PATH=$<TARGET_FILE_DIR:${prog}>:$ENV{PATH}"
              ${HELP2MAN} --no-info --section=1 --help-option=${help_${prog}}
              --include=${PROJECT_SOURCE_DIR}/packaging/man/${prog}.h2m
              --output=${page} ${prog}
      COMMAND ${GZIP} -9nf ${page}
      DEPENDS ${prog} ${PROJECT_SOURCE_DIR}/packaging/man/${prog}.h2m VERBATIM)
    list(APPEND phasebench_man ${page}.gz)
    install(FILES ${page}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  endforeach()
  add_custom_target(phasebench_man ALL DEPENDS ${phasebench_man})
else()
  message(WARNING "help2man not found: man pages are not built")
endif()

install(FILES ${PROJECT_SOURCE_DIR}/resources/completion/phasebench-cli
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)

# The Debian changelog, gzipped (lintian wants one in every package).
add_custom_command(OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/changelog.gz
  COMMAND ${GZIP} -9nc ${PROJECT_SOURCE_DIR}/packaging/debian/changelog > ${CMAKE_CURRENT_BINARY_DIR}/changelog.gz
  DEPENDS ${PROJECT_SOURCE_DIR}/packaging/debian/changelog VERBATIM)
add_custom_target(phasebench_changelog ALL DEPENDS ${CMAKE_CURRENT_BINARY_DIR}/changelog.gz)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/changelog.gz DESTINATION ${CMAKE_INSTALL_DOCDIR})

# CPack: phasebench_<version>_amd64.deb.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME phasebench)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "Phasebench developers <dev@phasebench.org>")
set(CPACK_PACKAGE_VENDOR "Phasebench")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "desktop workbench for LLM API latency")
# The extended description (CPack puts the summary on the first line).
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "Phasebench answers which phase owns the p95 of an LLM API: the network,\nthe API gateway, the queue in front of the model, or generation itself.\nIt runs small open-model load tests against OpenAI-compatible endpoints\nor imports k6, OTLP, Jaeger, HAR, AIPerf, vLLM and LLMPerf results,\nreceives the server's OpenTelemetry spans, joins client and server views\nby W3C trace ID and shows per-trace waterfalls, per-stage phase\npercentiles, budgets and a symptom-to-owner diagnosis.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://phasebench.org")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS OFF)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# Directories owned by other packages keep their standard permissions.
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
include(CPack)
