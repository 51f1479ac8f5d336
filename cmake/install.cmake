# cmake --install: the libraries, the public header, the tools, a CMake package
# (find_package(schemajit CONFIG): targets schemajit::schemajit and schemajit::runtime) and
# a pkg-config file.
include(CMakePackageConfigHelpers)
set(SCHEMAJIT_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/schemajit)

install(TARGETS schemajit schemajit_runtime EXPORT schemajit-targets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY include/schemajit DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
if(SCHEMAJIT_BUILD_TOOLS)
  install(TARGETS schemajit_cli schemajit-dump schemajit-calibrate RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  # schemajit-aot, exported as schemajit::aot for schemajit_add_serializers.
  set_target_properties(schemajit-aot PROPERTIES EXPORT_NAME aot)
  install(TARGETS schemajit-aot EXPORT schemajit-targets RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
install(FILES LICENSE DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/schemajit)
# libregexp is compiled into schemajit_runtime: its MIT notice goes with the binaries.
install(FILES third_party/quickjs-ng-libregexp/LICENSE DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/schemajit
        RENAME LICENSE.libregexp)
# So is yyjson, whose header the API's yyjson overloads need (<schemajit/yyjson.h>).
install(FILES third_party/yyjson/yyjson.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/schemajit/yyjson)
install(FILES third_party/yyjson/LICENSE DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/schemajit RENAME LICENSE.yyjson)

install(EXPORT schemajit-targets NAMESPACE schemajit:: DESTINATION ${SCHEMAJIT_CMAKE_DIR})
configure_package_config_file(cmake/schemajit-config.cmake.in ${PROJECT_BINARY_DIR}/schemajit-config.cmake
                              INSTALL_DESTINATION ${SCHEMAJIT_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/schemajit-config-version.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/schemajit-config.cmake ${PROJECT_BINARY_DIR}/schemajit-config-version.cmake
              cmake/dependencies.cmake cmake/SchemajitAot.cmake
        DESTINATION ${SCHEMAJIT_CMAKE_DIR})

# pkg-config: the archives in link order, then what they need (the JIT's LLVM, threads).
# The prefix is found from the .pc file's own place, so an installed tree may be moved.
file(RELATIVE_PATH SCHEMAJIT_PC_TO_PREFIX ${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig ${CMAKE_INSTALL_PREFIX})
configure_file(cmake/schemajit.pc.in ${PROJECT_BINARY_DIR}/schemajit.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/schemajit.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
