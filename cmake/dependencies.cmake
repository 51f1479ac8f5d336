# What schemajit needs from the system, as imported targets: RapidJSON (headers; the public
# API takes its Values) and, for the JIT library, LLVM 19. Debian's packages: rapidjson-dev,
# llvm-19-dev. (Its regular expressions are libregexp's, vendored in third_party/.)
# Included by the build and, installed beside schemajit-config.cmake, by every project that finds schemajit.
include_guard(GLOBAL)

if(NOT TARGET schemajit::rapidjson)
  find_path(SCHEMAJIT_RAPIDJSON_INCLUDE_DIR rapidjson/document.h)
  if(NOT SCHEMAJIT_RAPIDJSON_INCLUDE_DIR)
    message(FATAL_ERROR "schemajit needs RapidJSON's headers (Debian: apt install rapidjson-dev)")
  endif()
  add_library(schemajit::rapidjson INTERFACE IMPORTED)
  set_target_properties(schemajit::rapidjson PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${SCHEMAJIT_RAPIDJSON_INCLUDE_DIR}")
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
