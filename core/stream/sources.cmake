# core/stream: server-sent events and OpenAI chat-stream readers.
target_sources(${PB_CORE_FOLDER_TARGET} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/SseParser.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ChatStreamReader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ChatChunkScan.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ChatText.cpp
)
# simdjson (as core/import) reads each chunk; nlohmann/json's SAX parser
# judges what simdjson refuses (ChatChunkScan.cpp).
find_package(simdjson REQUIRED GLOBAL)
target_link_libraries(${PB_CORE_FOLDER_TARGET} PRIVATE simdjson::simdjson)
