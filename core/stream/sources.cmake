# core/stream: server-sent events and OpenAI chat-stream readers.
target_sources(phasebench_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/SseParser.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ChatStreamReader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ChatChunkScan.cpp
)
