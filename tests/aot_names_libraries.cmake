# Libraries whose names are hostile to a naive schemajit-aot (issue 38), made at build time for
# sj_aot_names_tests, which links them all into one program:
#   names_b.a  --name api_b  c.json        the symbols of these two met when a namespace and a
#   names_c.a  --name api    b_c.json      name were joined with '_'
#   names_x.a  --name n      x.json x_entry.json   x's entry point was x_entry's table
#   names_k.a  --name namespace  class.json tables.json count.json linux.json -- -x.json
#              "new<LF>line.json" "back\"      keywords, the header's own names, a macro, a
#                                              leading '-', control characters, a backslash
#   cmake -DAOT=<schemajit-aot> -DOUT=<dir> -P aot_names_libraries.cmake
set(dir ${OUT}/schemas)
file(REMOVE_RECURSE ${dir})
file(MAKE_DIRECTORY ${dir})
# Each schema prints only the member named after it, so a program that reaches the wrong schema
# says so.
function(schema file tag)
  file(WRITE "${dir}/${file}" "{\"type\": \"object\", \"properties\": {\"${tag}\": {\"type\": \"integer\"}}}")
endfunction()
foreach(name c b_c x x_entry class tables count linux -x)
  schema(${name}.json ${name})
endforeach()
schema("new\nline.json" newline)
schema("back\\" back)
function(library name)
  execute_process(COMMAND ${AOT} --name ${ARGN} WORKING_DIRECTORY ${dir} RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "schemajit-aot for ${name} failed (${rc}): ${err}")
  endif()
endfunction()
library(names_b api_b --out ${OUT}/names_b --jobs 1 c.json)
library(names_c api --out ${OUT}/names_c --jobs 1 b_c.json)
library(names_x n --out ${OUT}/names_x --jobs 1 x.json x_entry.json)
library(names_k namespace --out ${OUT}/names_k --jobs 1 class.json tables.json count.json linux.json -- -x.json
        "new\nline.json" "back\\")
