# Programs that use the public header the ways its users do beyond the defaults: without
# exceptions, and with another RapidJSON (master, in a namespace of its own, the CRT allocator);
# and the header's Result/Serializer conveniences in sj_tests (public_api_test.cpp). Included
# at the end of tests/CMakeLists.txt.
#
# Run as a script (cmake -DPROGRAM=... -P header_consumers.cmake), this file is the check that
# value() on an error Result aborts with the error on stderr in a program without exceptions.
if(CMAKE_SCRIPT_MODE_FILE)
  execute_process(COMMAND ${PROGRAM} value-on-error RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if("${rc}" STREQUAL "0" OR out MATCHES "not reached"
     OR NOT err MATCHES "schemajit: Result::value\\(\\) on an error: InvalidSchema: [^\n]+")
    message(FATAL_ERROR "value() on an error should abort with the error on stderr; exit status: ${rc}\n"
                        "stdout: ${out}\nstderr: ${err}")
  endif()
  message(STATUS "aborted as expected (${rc}): ${err}")
  return()
endif()

target_sources(sj_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/public_api_test.cpp)

# The header under strict warnings, as a user's build may have them (-Werror: a warning the
# header causes fails the build).
set(SJ_HEADER_WARNINGS -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Werror)
if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  list(APPEND SJ_HEADER_WARNINGS -Wambiguous-reversed-operator -Wweak-vtables)
endif()

# A program built with -fno-exceptions (and as C++17): compile, value(), value_or, transform,
# every sink, an empty Serializer.
add_executable(schemajit_no_exceptions_example ${CMAKE_CURRENT_SOURCE_DIR}/no_exceptions_main.cpp)
target_link_libraries(schemajit_no_exceptions_example PRIVATE schemajit::runtime)
target_compile_options(schemajit_no_exceptions_example PRIVATE -fno-exceptions ${SJ_HEADER_WARNINGS})
set_target_properties(schemajit_no_exceptions_example PROPERTIES CXX_STANDARD 17 CXX_STANDARD_REQUIRED ON)
add_test(NAME schemajit_no_exceptions_example COMMAND schemajit_no_exceptions_example)
set_tests_properties(schemajit_no_exceptions_example PROPERTIES PASS_REGULAR_EXPRESSION
  "^out={\"id\":36,\"tags\":\\[\"a\",\"b\"\\]} buffer=26 too_small=0 chunked=1 streamed={\"id\":36,\"tags\":\\[\"a\",\"b\"\\]} fallback=0 empty=InvalidOptions warnings=0\n$")
# ... where value() on an error prints it on stderr and aborts.
add_test(NAME schemajit_no_exceptions_value_aborts
  COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:schemajit_no_exceptions_example>
          -P ${CMAKE_CURRENT_SOURCE_DIR}/header_consumers.cmake)

# A program built against RapidJSON master (third_party/rapidjson-master, before the system's
# 1.1) in the namespace myjson, serializing a GenericDocument with the CRT allocator. The library
# it links is built against the system's RapidJSON 1.1 in namespace rapidjson.
add_executable(schemajit_rapidjson_master_example ${CMAKE_CURRENT_SOURCE_DIR}/rapidjson_master_main.cpp)
target_include_directories(schemajit_rapidjson_master_example BEFORE PRIVATE
  ${PROJECT_SOURCE_DIR}/third_party/rapidjson-master/include)
target_compile_definitions(schemajit_rapidjson_master_example PRIVATE RAPIDJSON_NAMESPACE=myjson
  "RAPIDJSON_NAMESPACE_BEGIN=namespace myjson {" "RAPIDJSON_NAMESPACE_END=}")
target_link_libraries(schemajit_rapidjson_master_example PRIVATE schemajit::runtime)
add_test(NAME schemajit_rapidjson_master_example COMMAND schemajit_rapidjson_master_example)
set_tests_properties(schemajit_rapidjson_master_example PROPERTIES PASS_REGULAR_EXPRESSION
  "^{\"id\":36,\"name\":\"Ada Lovelace, a long name that is not inlined\",\"tags\":\\[\"a\",\"b\"\\]}\n\\[\"a\",\"b\"\\]\nInvalidInput: the document did not parse \\([^\n]*\\): nothing to serialize\n$")
# The same program with master in its default namespace, rapidjson: the library's own RapidJSON
# 1.1 is in a namespace of its own, so the two versions' inline functions never meet.
add_executable(schemajit_rapidjson_master_default_example ${CMAKE_CURRENT_SOURCE_DIR}/rapidjson_master_main.cpp)
target_include_directories(schemajit_rapidjson_master_default_example BEFORE PRIVATE
  ${PROJECT_SOURCE_DIR}/third_party/rapidjson-master/include)
target_link_libraries(schemajit_rapidjson_master_default_example PRIVATE schemajit::runtime)
add_test(NAME schemajit_rapidjson_master_default_example COMMAND schemajit_rapidjson_master_default_example)
get_test_property(schemajit_rapidjson_master_example PASS_REGULAR_EXPRESSION sj_master_output)
set_tests_properties(schemajit_rapidjson_master_default_example PROPERTIES PASS_REGULAR_EXPRESSION "${sj_master_output}")
target_sources(sj_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/log_hook_test.cpp)
