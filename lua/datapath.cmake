# lua/datapath.cmake: where profile and variant scripts are found at run
# time (lua/datapath.h): the caller's path, $ARBITER_PATH, the source tree
# when the code runs from this build tree, the installed share/arbiter/ of
# the prefix the code is installed in (found from its own location, so an
# installation can be moved), then that of the configured prefix.
#
#   arbiter_datapath  a static library (position independent: its objects
#                     go into arbiter.so and libarbiter-lua too)

if(ARBITER_LUAJIT)
  set(ARBITER_LUA_ABI 5.1)
else()
  set(ARBITER_LUA_ABI 5.4)
endif()
# lib/lua/5.4 is in the stock interpreter's package.cpath under /usr/local
# and under /usr (Debian's also lists /usr/lib/<multiarch>/lua/5.4).
set(ARBITER_INSTALL_LUADIR "lib/lua/${ARBITER_LUA_ABI}" CACHE STRING
  "Where cmake --install puts the Lua module arbiter.so (relative to the prefix)")

add_library(arbiter_datapath STATIC "${CMAKE_CURRENT_LIST_DIR}/datapath.c")
target_include_directories(arbiter_datapath PUBLIC "${CMAKE_CURRENT_LIST_DIR}")
target_link_libraries(arbiter_datapath PUBLIC Threads::Threads ${CMAKE_DL_LIBS})
target_compile_definitions(arbiter_datapath PRIVATE
  ARBITER_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
  ARBITER_BINARY_DIR="${PROJECT_BINARY_DIR}"
  ARBITER_INSTALL_PREFIX="${CMAKE_INSTALL_PREFIX}"
  ARBITER_INSTALL_DATADIR="${CMAKE_INSTALL_DATADIR}"
  ARBITER_INSTALL_BINDIR="${CMAKE_INSTALL_BINDIR}"
  ARBITER_INSTALL_LIBDIR="${CMAKE_INSTALL_LIBDIR}"
  ARBITER_INSTALL_LUADIR="${ARBITER_INSTALL_LUADIR}"
  ARBITER_LUA_ABI="${ARBITER_LUA_ABI}")
set_target_properties(arbiter_datapath PROPERTIES POSITION_INDEPENDENT_CODE ON)
