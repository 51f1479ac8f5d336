# Fails when the program PROGRAM needs a shared library of LLVM (or one only LLVM brings: ICU,
# z3, libxml2): readelf -d lists what it needs.
execute_process(COMMAND readelf -d ${PROGRAM} RESULT_VARIABLE rc OUTPUT_VARIABLE dynamic)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "readelf -d ${PROGRAM} failed")
endif()
if(dynamic MATCHES "libLLVM|libicu|libz3|libxml2")
  message(FATAL_ERROR "${PROGRAM} needs LLVM's libraries:\n${dynamic}")
endif()
