# How schemajit's own targets are set up (not installed).
include(GNUInstallDirs)

# -Wno-restrict: a g++ 12 false positive on std::string concatenation (GCC PR105329). Both
# for C++ only: gcc warns that C has no -Wredundant-move (the vendored C sources).
# -Wno-ambiguous-reversed-operator: clang's C++20 warning on every comparison of RapidJSON 1.1's
# member iterators (GenericMemberIterator's operator== takes the const iterator; master fixed it).
set(SCHEMAJIT_WARNINGS -Wall -Wextra $<$<COMPILE_LANG_AND_ID:CXX,GNU>:-Wno-redundant-move -Wno-restrict>
    $<$<COMPILE_LANG_AND_ID:CXX,Clang>:-Wno-ambiguous-reversed-operator>)

# A target of schemajit's that is not a library: the project's warnings, the source tree as its
# include root ("ir/lower.h", "runtime/abi.h"), and RapidJSON in the library's own namespace
# (runtime/rapidjson_namespace.h).
function(schemajit_internal target)
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR})
  target_compile_options(${target} PRIVATE ${SCHEMAJIT_WARNINGS}
                         $<$<COMPILE_LANGUAGE:CXX>:SHELL:-include ${PROJECT_SOURCE_DIR}/runtime/rapidjson_namespace.h>)
endfunction()

# Shared libraries (BUILD_SHARED_LIBS): the SONAME changes when the API may (README, "Versions"):
# with the major version, and before 1.0 with the minor. Installed tools find them next door.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(SCHEMAJIT_SOVERSION 0.${PROJECT_VERSION_MINOR})
else()
  set(SCHEMAJIT_SOVERSION ${PROJECT_VERSION_MAJOR})
endif()
if(BUILD_SHARED_LIBS AND NOT DEFINED CMAKE_INSTALL_RPATH)
  set(CMAKE_INSTALL_RPATH "$ORIGIN/../${CMAKE_INSTALL_LIBDIR}")
endif()

# A library: as above, with the public headers for whoever links it (and nothing else of the
# source tree: ir/ and runtime/ stay internal), position-independent code (so that it can go
# into a shared library), C++17 asked of its users, and the name it is exported under
# (schemajit::<export_name>).
function(schemajit_library target export_name)
  schemajit_internal(${target})
  target_include_directories(${target} PUBLIC $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
                                              $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_compile_features(${target} PUBLIC cxx_std_17)
  set_target_properties(${target} PROPERTIES POSITION_INDEPENDENT_CODE ON EXPORT_NAME ${export_name}
                                             VERSION ${PROJECT_VERSION} SOVERSION ${SCHEMAJIT_SOVERSION})
endfunction()
