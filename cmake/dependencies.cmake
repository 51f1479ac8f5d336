# What schemajit needs from the system, as imported targets: RapidJSON (headers; the public
# API takes its Values; Debian's rapidjson-dev) and threads. The JIT's LLVM 19 is looked for by
# the build (CMakeLists.txt) and by an installed package's jit component
# (schemajit-config.cmake). (Its regular expressions are libregexp's, vendored in third_party/.)
# Included by the build and, installed beside schemajit-config.cmake, by every project that finds
# schemajit: once per directory that does (imported targets are seen from theirs only).

if(NOT TARGET schemajit::rapidjson)
  find_path(SCHEMAJIT_RAPIDJSON_INCLUDE_DIR rapidjson/document.h)
  if(NOT SCHEMAJIT_RAPIDJSON_INCLUDE_DIR)
    message(FATAL_ERROR "schemajit needs RapidJSON's headers (Debian: apt install rapidjson-dev)")
  endif()
  add_library(schemajit::rapidjson INTERFACE IMPORTED)
  set_target_properties(schemajit::rapidjson PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${SCHEMAJIT_RAPIDJSON_INCLUDE_DIR}")
endif()

# Threads: tier-up's background worker.
find_package(Threads REQUIRED)
