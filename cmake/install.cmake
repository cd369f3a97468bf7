# cmake/install.cmake: what `cmake --install` puts where, the CMake package
# (find_package(arbiter)) and the pkg-config files. Directories are
# GNUInstallDirs'; every installed file is found from the prefix it lands
# in, so `cmake --install build --prefix DIR` (or DESTDIR) gives a working
# installation anywhere:
#
#   bin/arbiter                              the command (static libarbiter)
#   include/arbiter.h                        the library's header
#   include/arbiter/{arbiter_lua,profile,variant,sandbox}.h   the Lua layer's
#   LIBDIR/libarbiter.{a,so}                 arbiter::arbiter_static, arbiter::arbiter
#   LIBDIR/libarbiter-lua.{a,so}             arbiter::lua_static, arbiter::lua
#   LIBDIR/pkgconfig/arbiter{,-lua}.pc       relocatable (${pcfiledir})
#   LIBDIR/cmake/arbiter/                    arbiterConfig.cmake + version + targets
#   lib/lua/5.4/arbiter.so                   the module (ARBITER_INSTALL_LUADIR)
#   share/arbiter/{profiles,regulations,variants}/ the scripts (lua/datapath.h)
#   share/man/man1/arbiter.1                 the manual
#   share/doc/arbiter/                       README, examples/

include(CMakePackageConfigHelpers)

set(ARBITER_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/arbiter" CACHE STRING
  "Where cmake --install puts arbiterConfig.cmake (relative to the prefix)")
set(ARBITER_INSTALL_DATA "${CMAKE_INSTALL_DATADIR}/arbiter")
set(ARBITER_EXPORTED arbiter_shared arbiter_static)

# ---- the Lua layer as libraries: luaopen_arbiter, the profile and variant
# loaders, the sandbox (lua/*.h), for C programs with their own Lua states.
if(ARBITER_LUA)
  set(ARBITER_LUA_OBJECTS $<TARGET_OBJECTS:arbiter_lua> $<TARGET_OBJECTS:arbiter_profile>
    $<TARGET_OBJECTS:arbiter_sandbox> $<TARGET_OBJECTS:arbiter_variant>
    $<TARGET_OBJECTS:arbiter_datapath>)
  add_library(arbiter_lua_shared SHARED ${ARBITER_LUA_OBJECTS})
  add_library(arbiter_lua_static STATIC ${ARBITER_LUA_OBJECTS})
  foreach(t arbiter_lua_shared arbiter_lua_static)
    add_dependencies(${t} arbiter_lua arbiter_profile arbiter_sandbox arbiter_variant
      arbiter_datapath)
    target_include_directories(${t} PUBLIC
      $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/lua>
      $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}> ${LUA_INCLUDE_DIRS})
  endforeach()
  # Lua itself as the full paths pkg-config found (not PkgConfig::LUA, an
  # imported target the package could not give its users).
  target_link_libraries(arbiter_lua_shared PUBLIC arbiter_shared ${LUA_LINK_LIBRARIES}
    PRIVATE ${CMAKE_DL_LIBS})
  target_link_libraries(arbiter_lua_static PUBLIC arbiter_static ${LUA_LINK_LIBRARIES}
    ${CMAKE_DL_LIBS})
  set_target_properties(arbiter_lua_shared PROPERTIES OUTPUT_NAME arbiter-lua EXPORT_NAME lua
    VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR}
    INSTALL_RPATH "$ORIGIN")
  set_target_properties(arbiter_lua_static PROPERTIES OUTPUT_NAME arbiter-lua
    EXPORT_NAME lua_static)
  list(APPEND ARBITER_EXPORTED arbiter_lua_shared arbiter_lua_static)

  install(TARGETS arbiter_lua_module LIBRARY DESTINATION "${ARBITER_INSTALL_LUADIR}")
  set(ARBITER_LUA_HEADERS lua/arbiter_lua.h lua/profile.h lua/regulation.h lua/variant.h
    lua/sandbox.h)
  install(FILES ${ARBITER_LUA_HEADERS} DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}/arbiter")
  # What a user of the Lua layer may call (tests/layers.sh holds cli/ to it).
  list(TRANSFORM ARBITER_LUA_HEADERS PREPEND "${PROJECT_SOURCE_DIR}/")
  set_target_properties(arbiter_lua_static PROPERTIES ARBITER_PUBLIC_HEADERS
    "${ARBITER_LUA_HEADERS}")
  install(DIRECTORY profiles/ DESTINATION "${ARBITER_INSTALL_DATA}/profiles"
    FILES_MATCHING PATTERN "*.lua" PATTERN "README.md")
  install(DIRECTORY regulations/ DESTINATION "${ARBITER_INSTALL_DATA}/regulations"
    FILES_MATCHING PATTERN "*.lua" PATTERN "README.md")
  install(DIRECTORY variants/ DESTINATION "${ARBITER_INSTALL_DATA}/variants"
    FILES_MATCHING PATTERN "*.lua" PATTERN "README.md")
endif()

install(TARGETS ${ARBITER_EXPORTED} EXPORT arbiterTargets
  ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}"
  LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}"
  RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
install(FILES engine/include/arbiter.h DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(TARGETS arbiter_cli RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
install(FILES docs/arbiter.1 DESTINATION "${CMAKE_INSTALL_MANDIR}/man1" OPTIONAL)
install(FILES README.md DESTINATION "${CMAKE_INSTALL_DOCDIR}")
install(DIRECTORY examples/ DESTINATION "${CMAKE_INSTALL_DOCDIR}/examples")

# ---- the CMake package -----------------------------------------------------------
install(EXPORT arbiterTargets NAMESPACE arbiter:: DESTINATION "${ARBITER_INSTALL_CMAKEDIR}")
configure_package_config_file(cmake/arbiterConfig.cmake.in
  "${PROJECT_BINARY_DIR}/arbiterConfig.cmake"
  INSTALL_DESTINATION "${ARBITER_INSTALL_CMAKEDIR}" PATH_VARS ARBITER_INSTALL_DATA)
# 0.x: a new minor version may change the API.
write_basic_package_version_file("${PROJECT_BINARY_DIR}/arbiterConfigVersion.cmake"
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/arbiterConfig.cmake"
  "${PROJECT_BINARY_DIR}/arbiterConfigVersion.cmake"
  DESTINATION "${ARBITER_INSTALL_CMAKEDIR}")

# ---- pkg-config: prefix found from the .pc file's own directory ------------------
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}" OR IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(ARBITER_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
  set(ARBITER_PC_LIBDIR "${CMAKE_INSTALL_FULL_LIBDIR}")
  set(ARBITER_PC_INCLUDEDIR "${CMAKE_INSTALL_FULL_INCLUDEDIR}")
else()
  file(RELATIVE_PATH ARBITER_PC_UP "/prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/prefix")
  string(REGEX REPLACE "/$" "" ARBITER_PC_UP "${ARBITER_PC_UP}")
  set(ARBITER_PC_PREFIX "\${pcfiledir}/${ARBITER_PC_UP}")
  set(ARBITER_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
  set(ARBITER_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
configure_file(cmake/arbiter.pc.in "${PROJECT_BINARY_DIR}/arbiter.pc" @ONLY)
set(ARBITER_PC_FILES "${PROJECT_BINARY_DIR}/arbiter.pc")
if(ARBITER_LUA)
  configure_file(cmake/arbiter-lua.pc.in "${PROJECT_BINARY_DIR}/arbiter-lua.pc" @ONLY)
  list(APPEND ARBITER_PC_FILES "${PROJECT_BINARY_DIR}/arbiter-lua.pc")
endif()
install(FILES ${ARBITER_PC_FILES} DESTINATION "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
