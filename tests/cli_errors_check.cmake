# Bad files and inputs given to the CLI: each must end with one line on stderr, starting
# "schemajit: ", and an exit status from 1 to 127 (never a signal, never success). Arguments
# within a case are separated by "|" (a CMake list element cannot hold ";").
set(S ${SRC}/tests/data/string-array.schema.json)
set(cases
  "serialize|--schema|/nonexistent/schema.json"             # unreadable file
  "serialize|--schema|${SRC}/tests"                         # a directory
  "serialize|--schema|${S}|/nonexistent/data.json"          # unreadable data
  "serialize|--schema|${S}|${SRC}/README.md"                # malformed JSON data
  "serialize|--schema|${S}|${SRC}/tests/data/empty.json"    # empty input
  "serialize|--schema|${SRC}/README.md|${S}"                # malformed JSON schema
  "serialize|--schema|${S}|${SRC}/tests/data/nul-inside.json"   # text after a NUL byte
  "serialize|--schema|${S}|/dev/zero"                       # endless input: the 256 MiB limit
  "check|/nonexistent/cases.jsonl"
  "bench|--schema|${S}"                                     # missing argument
  "no-such-command")
foreach(c IN LISTS cases)
  string(REPLACE "|" " " shown "${c}")
  string(REPLACE "|" ";" argv "${c}")
  execute_process(COMMAND ${TOOL} ${argv} INPUT_FILE /dev/null RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_QUIET)
  if(NOT rc MATCHES "^[0-9]+$" OR rc EQUAL 0 OR rc GREATER 127)
    message(FATAL_ERROR "schemajit ${shown}: exit status '${rc}'")
  endif()
  string(STRIP "${err}" err)
  if(NOT err MATCHES "^schemajit: [^\n]+(\nusage:|$)")
    message(FATAL_ERROR "schemajit ${shown}: stderr is not one 'schemajit: ' line: ${err}")
  endif()
endforeach()

# Output that cannot be written (a full disk) is a failure too, never a silent exit 0.
execute_process(COMMAND ${TOOL} serialize --schema ${S} ${SRC}/tests/data/string-array.json
  OUTPUT_FILE /dev/full RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR NOT err MATCHES "^schemajit: cannot write the output: No space left on device\n$")
  message(FATAL_ERROR "schemajit serialize > /dev/full: exit ${rc}, stderr: ${err}")
endif()
