# cmake --install: the libraries, the public header, the tools, a CMake package
# (find_package(schemajit CONFIG), components runtime, jit and aot: schemajit-config.cmake.in)
# and pkg-config files (schemajit-runtime.pc; schemajit.pc, the JIT, in a build with it).
include(CMakePackageConfigHelpers)
set(SCHEMAJIT_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/schemajit)

# One export set per component, so that the runtime's can be imported without LLVM.
install(TARGETS schemajit_runtime EXPORT schemajit-runtime-targets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(EXPORT schemajit-runtime-targets NAMESPACE schemajit:: DESTINATION ${SCHEMAJIT_CMAKE_DIR})
if(SCHEMAJIT_JIT)
  install(TARGETS schemajit_jit EXPORT schemajit-jit-targets
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
          RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(EXPORT schemajit-jit-targets NAMESPACE schemajit:: DESTINATION ${SCHEMAJIT_CMAKE_DIR})
  # schemajit-aot, exported as schemajit::aot for schemajit_add_serializers.
  set_target_properties(schemajit_aot PROPERTIES EXPORT_NAME aot)
  install(TARGETS schemajit_aot EXPORT schemajit-aot-targets RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(EXPORT schemajit-aot-targets NAMESPACE schemajit:: DESTINATION ${SCHEMAJIT_CMAKE_DIR})
endif()
install(DIRECTORY include/schemajit DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
if(SCHEMAJIT_BUILD_TOOLS)
  install(TARGETS schemajit_cli schemajit_dump RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  if(SCHEMAJIT_JIT)
    install(TARGETS schemajit_calibrate RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  endif()
endif()
install(FILES LICENSE DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/schemajit)
# libregexp is compiled into schemajit_runtime: its MIT notice goes with the binaries.
install(FILES third_party/quickjs-ng-libregexp/LICENSE DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/schemajit
        RENAME LICENSE.libregexp)
# So is yyjson, whose header the API's yyjson overloads need (<schemajit/yyjson.h>).
install(FILES third_party/yyjson/yyjson.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/schemajit/yyjson)
install(FILES third_party/yyjson/LICENSE DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/schemajit RENAME LICENSE.yyjson)

# The components this package has, written into its config file.
set(SCHEMAJIT_INSTALLED_COMPONENTS runtime)
if(SCHEMAJIT_JIT)
  list(APPEND SCHEMAJIT_INSTALLED_COMPONENTS jit aot)
endif()
configure_package_config_file(cmake/schemajit-config.cmake.in ${PROJECT_BINARY_DIR}/schemajit-config.cmake
                              INSTALL_DESTINATION ${SCHEMAJIT_CMAKE_DIR})
# Semantic versioning (README, "Versions"): before 1.0 a minor version may change the API, so a
# request for 0.3 takes 0.3.x only; from 1.0 on, any later version of the same major.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(SCHEMAJIT_COMPATIBILITY SameMinorVersion)
else()
  set(SCHEMAJIT_COMPATIBILITY SameMajorVersion)
endif()
write_basic_package_version_file(${PROJECT_BINARY_DIR}/schemajit-config-version.cmake COMPATIBILITY ${SCHEMAJIT_COMPATIBILITY})
install(FILES ${PROJECT_BINARY_DIR}/schemajit-config.cmake ${PROJECT_BINARY_DIR}/schemajit-config-version.cmake
              cmake/dependencies.cmake cmake/SchemajitAot.cmake
        DESTINATION ${SCHEMAJIT_CMAKE_DIR})

# pkg-config: the archives in link order, then what they need (the JIT's LLVM, threads).
# The prefix is found from the .pc file's own place, so an installed tree may be moved.
file(RELATIVE_PATH SCHEMAJIT_PC_TO_PREFIX ${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig ${CMAKE_INSTALL_PREFIX})
configure_file(cmake/schemajit-runtime.pc.in ${PROJECT_BINARY_DIR}/schemajit-runtime.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/schemajit-runtime.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
if(SCHEMAJIT_JIT)
  configure_file(cmake/schemajit.pc.in ${PROJECT_BINARY_DIR}/schemajit.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/schemajit.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endif()
