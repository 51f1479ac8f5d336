# The tools behave like tools: --help and -h print the usage on stdout and exit 0, --version
# prints "<tool> <version>", an unknown flag or a bad number is named on stderr with exit
# status 2, and schemajit-calibrate reports its progress on stderr as it goes.
#   cmake -DSCHEMAJIT=... -DDUMP=... -DCALIBRATE=... -DAOT=... -DVERSION=x.y.z -DSRC=... -P tools_check.cmake
function(expect what rc_want out_regex err_regex)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err INPUT_FILE /dev/null)
  if(NOT rc STREQUAL rc_want OR NOT out MATCHES "${out_regex}" OR NOT err MATCHES "${err_regex}")
    message(FATAL_ERROR "${what}: exit ${rc} (want ${rc_want})\nstdout: ${out}\nstderr: ${err}")
  endif()
endfunction()

foreach(tool schemajit schemajit-dump schemajit-calibrate schemajit-aot)
  if(tool STREQUAL "schemajit")
    set(exe ${SCHEMAJIT})
  elseif(tool STREQUAL "schemajit-dump")
    set(exe ${DUMP})
  elseif(tool STREQUAL "schemajit-aot")
    set(exe ${AOT})
  else()
    set(exe ${CALIBRATE})
  endif()
  expect("${tool} --help" 0 "^usage: ${tool} " "^$" ${exe} --help)
  expect("${tool} -h" 0 "^usage: ${tool} " "^$" ${exe} -h)
  expect("${tool} --version" 0 "^${tool} ${VERSION}\n$" "^$" ${exe} --version)
  expect("${tool} --no-such-flag" 2 "^$" "^${tool}: unknown option --no-such-flag\nusage: " ${exe} --no-such-flag)
endforeach()
expect("schemajit serialize --help" 0 "^usage: schemajit " "^$" ${SCHEMAJIT} serialize --help)
expect("schemajit check --tier abc" 2 "^$" "^schemajit: --tier takes interp, 0, 1, 2 or 3, not 'abc'\n" ${SCHEMAJIT} check --tier abc x.jsonl)
expect("schemajit serialize --schema" 2 "^$" "^schemajit: --schema needs a value\n" ${SCHEMAJIT} serialize --schema)
foreach(flag --rounds --repeat --max)
  expect("schemajit-calibrate ${flag} abc" 2 "^$" "^schemajit-calibrate: ${flag} takes a whole number from 1 to [0-9]+, not 'abc'\n"
         ${CALIBRATE} ${flag} abc)
  expect("schemajit-calibrate ${flag} 0" 2 "^$" "^schemajit-calibrate: ${flag} takes a whole number" ${CALIBRATE} ${flag} 0)
endforeach()
expect("schemajit-aot --jobs abc" 2 "^$" "^schemajit-aot: --jobs takes a whole number from 1 to [0-9]+, not 'abc'\n"
       ${AOT} --name n --out ${OUT}/n --jobs abc x.json)
expect("schemajit-aot --cpu pentium-9" 1 "^$" "^schemajit-aot: unknown CPU \"pentium-9\"" ${AOT} --name n --out ${OUT}/n
       --cpu pentium-9 ${SRC}/examples/api-response.schema.json)
expect("schemajit-aot --name 9x" 2 "^$" "^schemajit-aot: --name takes a C identifier\n" ${AOT} --name 9x --out ${OUT}/n x.json)
expect("schemajit-calibrate progress" 0 "cutoffs:"
       "^schemajit-calibrate: \\[1/9\\] 8 chars, pass 1/1, 1 rounds per length: lengths 1 2 done\n.*\\[9/9\\]"
       ${CALIBRATE} --rounds 1 --repeat 1 --max 2 --out ${OUT})
# A misspelt option is accepted (fjs ignores unknown keys) and named on stderr with the option
# it looks like (issue 30); a key like no option is not.
file(WRITE ${OUT}/misspelt.options.json "{\"optlevel\": 0, \"tierup\": false, \"id\": 1}")
file(WRITE ${OUT}/misspelt.data.json "{\"id\": 3}")
file(WRITE ${OUT}/misspelt.schema.json "{\"type\": \"object\", \"properties\": {\"id\": {\"type\": \"integer\"}}}")
set(misspelt_warnings "warning: unknown option \"optlevel\" ignored \\(did you mean \"optLevel\"\\?\\)\n.*warning: unknown option \"tierup\" ignored \\(did you mean \"tierUp\"\\?\\)\n$")
expect("schemajit serialize with misspelt options" 0 "^{\"id\":3}\n$" "^schemajit: ${misspelt_warnings}"
       ${SCHEMAJIT} serialize --schema ${OUT}/misspelt.schema.json --options ${OUT}/misspelt.options.json
       ${OUT}/misspelt.data.json)
# bench times each way of handing it data (issue 40): text per call, a yyjson document.
foreach(input text yyjson)
  expect("schemajit bench --input ${input}" 0 "^{\"input\":\"${input}\",[^\n]*\"bytes\":8," "^$"
         ${SCHEMAJIT} bench --schema ${OUT}/misspelt.schema.json --input ${input} ${OUT}/misspelt.data.json --json)
endforeach()
expect("schemajit bench --input xml" 2 "^$" "^schemajit: --input takes text, rapidjson or yyjson, not xml\n"
       ${SCHEMAJIT} bench --schema ${OUT}/misspelt.schema.json --input xml ${OUT}/misspelt.data.json)
expect("schemajit-dump with misspelt options" 0 "fn f0" "^schemajit-dump: ${misspelt_warnings}"
       ${DUMP} --options ${OUT}/misspelt.options.json ${OUT}/misspelt.schema.json)
# schemajit-aot names functions after files (issue 38): two files whose functions would share a
# name are refused, naming both; a manifest's name that is not an identifier is refused on one
# line, however many it holds.
file(WRITE ${OUT}/class.json "{}")
file(WRITE ${OUT}/class_.json "{}")
expect("schemajit-aot class.json class_.json" 1 "^$"
       "^schemajit-aot: \"[^\n]*/class.json\" and \"[^\n]*/class_.json\" make the function class_: rename one\n$"
       ${AOT} --name n --out ${OUT}/n ${OUT}/class.json ${OUT}/class_.json)
file(WRITE ${OUT}/newline.jsonl "{\"name\": \"a\\nb\", \"schema\": {}}\n")
expect("schemajit-aot manifest name with a newline" 1 "^$" "^schemajit-aot: [^\n]* \"a\\\\nb\" is not a C identifier\n$"
       ${AOT} --name n --out ${OUT}/n --manifest ${OUT}/newline.jsonl)
