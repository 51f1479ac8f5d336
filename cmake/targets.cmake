# How schemajit's own targets are set up (not installed).
include(GNUInstallDirs)

# -Wno-restrict: a g++ 12 false positive on std::string concatenation (GCC PR105329). Both
# for C++ only: gcc warns that C has no -Wredundant-move (the vendored C sources).
set(SCHEMAJIT_WARNINGS -Wall -Wextra $<$<COMPILE_LANG_AND_ID:CXX,GNU>:-Wno-redundant-move -Wno-restrict>)

# A target of schemajit's that is not a library: the project's warnings, and the source tree
# as its include root ("ir/lower.h", "runtime/abi.h").
function(schemajit_internal target)
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR})
  target_compile_options(${target} PRIVATE ${SCHEMAJIT_WARNINGS})
endfunction()

# A library: as above, with the public headers for whoever links it (and nothing else of the
# source tree: ir/ and runtime/ stay internal), position-independent code (so that it can go
# into a shared library), C++17 asked of its users, and the name it is exported under
# (schemajit::<export_name>).
function(schemajit_library target export_name)
  schemajit_internal(${target})
  target_include_directories(${target} PUBLIC $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
                                              $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_compile_features(${target} PUBLIC cxx_std_17)
  set_target_properties(${target} PROPERTIES POSITION_INDEPENDENT_CODE ON EXPORT_NAME ${export_name})
endfunction()
