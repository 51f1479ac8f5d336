# What schemajit needs from the system, as imported targets: RapidJSON (headers; the public
# API takes its Values), PCRE2 (patternProperties and `pattern`) and, for the JIT library,
# LLVM 19. Debian's packages: rapidjson-dev, libpcre2-dev, llvm-19-dev. Included by the
# build and, installed beside schemajit-config.cmake, by every project that finds schemajit.
include_guard(GLOBAL)

if(NOT TARGET schemajit::rapidjson)
  find_path(SCHEMAJIT_RAPIDJSON_INCLUDE_DIR rapidjson/document.h)
  if(NOT SCHEMAJIT_RAPIDJSON_INCLUDE_DIR)
    message(FATAL_ERROR "schemajit needs RapidJSON's headers (Debian: apt install rapidjson-dev)")
  endif()
  add_library(schemajit::rapidjson INTERFACE IMPORTED)
  set_target_properties(schemajit::rapidjson PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${SCHEMAJIT_RAPIDJSON_INCLUDE_DIR}")
endif()

if(NOT TARGET schemajit::pcre2)
  find_path(SCHEMAJIT_PCRE2_INCLUDE_DIR pcre2.h)
  find_library(SCHEMAJIT_PCRE2_LIBRARY pcre2-8)
  if(NOT SCHEMAJIT_PCRE2_INCLUDE_DIR OR NOT SCHEMAJIT_PCRE2_LIBRARY)
    message(FATAL_ERROR "schemajit needs PCRE2 (Debian: apt install libpcre2-dev)")
  endif()
  add_library(schemajit::pcre2 UNKNOWN IMPORTED)
  set_target_properties(schemajit::pcre2 PROPERTIES IMPORTED_LOCATION "${SCHEMAJIT_PCRE2_LIBRARY}"
                        INTERFACE_INCLUDE_DIRECTORIES "${SCHEMAJIT_PCRE2_INCLUDE_DIR}")
endif()

# LLVM 19 (Debian's llvm-19-dev); the version must be given as major.minor. Its config file
# defines the imported target LLVM (libLLVM-19.so). The build needs it; a project that finds an
# installed schemajit needs it only to link schemajit::schemajit (schemajit::runtime and
# ahead-of-time serializers link none).
if(NOT TARGET LLVM)
  if(PROJECT_NAME STREQUAL "schemajit")
    find_package(LLVM 19.1 REQUIRED CONFIG HINTS /usr/lib/llvm-19/lib/cmake/llvm)
  else()
    find_package(LLVM 19.1 QUIET CONFIG HINTS /usr/lib/llvm-19/lib/cmake/llvm)
  endif()
endif()

# Threads: tier-up's background worker.
find_package(Threads REQUIRED)
