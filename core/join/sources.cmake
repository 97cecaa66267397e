# core/join: joins the client's attempts and the server's spans by W3C trace ID.
target_sources(${PB_CORE_FOLDER_TARGET} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/SpanIndex.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SpanReader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Join.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ResponseTimings.cpp
)
