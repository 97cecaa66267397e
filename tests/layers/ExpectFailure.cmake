# Runs COMMAND (its arguments separated by "|") and passes only when it fails
# with output matching EXPECT: a layer violation must stop the check, and say
# which file, line and include, and what the folder may use.
cmake_minimum_required(VERSION 3.25)
string(REPLACE "|" ";" command "${COMMAND}")
if(DEFINED STAMP)
  file(REMOVE "${STAMP}")
endif()
execute_process(COMMAND ${command} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
message(NOTICE "${out}")
if(rc EQUAL 0)
  message(FATAL_ERROR "expected a failure, but it succeeded: ${command}")
endif()
if(NOT out MATCHES "${EXPECT}")
  message(FATAL_ERROR "it failed (${rc}) without the expected message: ${EXPECT}")
endif()
if(DEFINED STAMP AND EXISTS "${STAMP}")
  message(FATAL_ERROR "it failed but wrote its stamp ${STAMP}")
endif()
