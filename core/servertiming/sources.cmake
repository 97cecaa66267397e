# core/servertiming: server timings that responses carry (vLLM metrics, TGI
# headers, providers' usage timings), read through timing profiles.
target_sources(${PB_CORE_FOLDER_TARGET} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/TimingProfile.cpp
)
