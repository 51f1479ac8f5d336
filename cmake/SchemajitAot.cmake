# schemajit_add_serializers(TARGET name SCHEMAS a.json b.json... [OPTIONS options.json]
#                           [CPU x86-64-v2] [NAMESPACE name] [KEEP_ERRORS])
#
# Compiles the schemas ahead of time, at build time, with schemajit-aot: a library target
# `name` holding their machine code (a static library of one object per schema), whose
# header <name>.h (on its include path)
# declares in namespace NAMESPACE (default: `name`) one function per schema, named after its
# file up to the first '.' (other characters than letters, digits and '_' made '_', '_' after
# a C++ keyword or a name the compiler may hold: class.json -> class_(); schemajit-aot --help),
# returning a ready schemajit::Serializer. The library links
# schemajit::runtime, not LLVM. An edited schema or options file, or a new schemajit-aot,
# rebuilds it. CPU: the baseline the code may assume (x86-64, x86-64-v2, x86-64-v3, x86-64-v4,
# native); loading it on a CPU without those features is an error.
#
# The compiler is schemajit::aot: schemajit's own schemajit-aot target when schemajit is part of
# the build (add_subdirectory, FetchContent: built on demand, with the project's defaults), the
# installed one (find_package(schemajit COMPONENTS aot)), or else a schemajit-aot on the PATH.
include_guard(GLOBAL)

function(schemajit_add_serializers)
  cmake_parse_arguments(SJ "KEEP_ERRORS" "TARGET;OPTIONS;CPU;NAMESPACE;MANIFEST" "SCHEMAS" ${ARGN})
  if(NOT SJ_TARGET OR (NOT SJ_SCHEMAS AND NOT SJ_MANIFEST))
    message(FATAL_ERROR "schemajit_add_serializers: TARGET and SCHEMAS (or MANIFEST) are required")
  endif()
  if(TARGET schemajit::aot)
    set(aot schemajit::aot)
  else()
    find_program(SCHEMAJIT_AOT_PROGRAM schemajit-aot)
    if(NOT SCHEMAJIT_AOT_PROGRAM)
      message(FATAL_ERROR "schemajit_add_serializers needs schemajit-aot: schemajit built with its JIT "
                          "(SCHEMAJIT_JIT, LLVM 19), find_package(schemajit COMPONENTS aot), or schemajit-aot on the PATH")
    endif()
    set(aot ${SCHEMAJIT_AOT_PROGRAM})
  endif()
  if(NOT SJ_CPU)
    set(SJ_CPU x86-64-v2)
  endif()
  if(NOT SJ_NAMESPACE)
    set(SJ_NAMESPACE ${SJ_TARGET})
  endif()
  set(dir ${CMAKE_CURRENT_BINARY_DIR}/schemajit-aot/${SJ_TARGET})
  set(args --name ${SJ_NAMESPACE} --out ${dir}/${SJ_TARGET} --cpu ${SJ_CPU})
  set(inputs "")
  if(SJ_OPTIONS)
    get_filename_component(options ${SJ_OPTIONS} ABSOLUTE)
    list(APPEND args --options ${options})
    list(APPEND inputs ${options})
  endif()
  if(SJ_KEEP_ERRORS)
    list(APPEND args --keep-errors)
  endif()
  if(SJ_MANIFEST)
    get_filename_component(manifest ${SJ_MANIFEST} ABSOLUTE)
    list(APPEND args --manifest ${manifest})
    list(APPEND inputs ${manifest})
  endif()
  if(SJ_SCHEMAS)
    list(APPEND args --)  # the rest are files, whatever their names
  endif()
  # Named relative to this directory (the command runs there): the generated header says which
  # file each function comes from without the build machine's absolute paths.
  foreach(schema IN LISTS SJ_SCHEMAS)
    get_filename_component(schema ${schema} ABSOLUTE)
    file(RELATIVE_PATH relative ${CMAKE_CURRENT_SOURCE_DIR} ${schema})
    list(APPEND args ${relative})
    list(APPEND inputs ${schema})
  endforeach()
  file(MAKE_DIRECTORY ${dir})
  add_custom_command(OUTPUT ${dir}/${SJ_TARGET}.a ${dir}/${SJ_TARGET}.h
    COMMAND ${aot} ${args}
    WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}
    DEPENDS ${inputs} ${aot}
    COMMENT "schemajit-aot: ${SJ_TARGET} for ${SJ_CPU}"
    VERBATIM)
  add_custom_target(${SJ_TARGET}_schemajit_aot DEPENDS ${dir}/${SJ_TARGET}.a ${dir}/${SJ_TARGET}.h)
  add_library(${SJ_TARGET} INTERFACE)
  add_dependencies(${SJ_TARGET} ${SJ_TARGET}_schemajit_aot)
  target_include_directories(${SJ_TARGET} INTERFACE ${dir})
  target_link_libraries(${SJ_TARGET} INTERFACE ${dir}/${SJ_TARGET}.a schemajit::runtime)
endfunction()
