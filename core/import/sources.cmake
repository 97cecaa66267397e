# core/import: the import pipeline and the importers of other tools' formats.
# simdjson (Debian libsimdjson-dev) parses the k6 NDJSON hot path: nlohmann/json
# is several times too slow for the >= 100 MB/s import target.
find_package(simdjson REQUIRED GLOBAL)
target_sources(${PB_CORE_FOLDER_TARGET} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Importer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ImportFile.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PipelinedSink.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CsvReader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ValueParse.cpp
  ${CMAKE_CURRENT_LIST_DIR}/NativeCsvImporter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TimeParse.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GzipStream.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LineReader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ImportSupport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ImportedFigures.cpp
  ${CMAKE_CURRENT_LIST_DIR}/JsonStream.cpp
  ${CMAKE_CURRENT_LIST_DIR}/JsonFilterBuf.cpp
  ${CMAKE_CURRENT_LIST_DIR}/JsonText.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ColumnMapping.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RecordedStream.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ServerTimings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/K6JsonImporter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/K6JsonLines.cpp
  ${CMAKE_CURRENT_LIST_DIR}/K6JsonReader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/K6JsonFigures.cpp
  ${CMAKE_CURRENT_LIST_DIR}/K6SummaryImporter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/OtlpJsonImporter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/JaegerImporter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/HarImporter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/AiperfImporter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GenaiPerfImporter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/VllmBenchImporter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LlmperfImporter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GenericCsvImporter.cpp
)
target_link_libraries(${PB_CORE_FOLDER_TARGET} PRIVATE ZLIB::ZLIB simdjson::simdjson)
