# lua/module.cmake: module "arbiter" (lua/linit.c and the files of its
# types, lua/l*.c; lua/lbind.h).
#
#   arbiter_lua_module  build/lua/arbiter.so, loadable by the stock interpreter
#                       with require "arbiter" (package.cpath). Self-contained:
#                       it holds the library objects and those of the profile
#                       loader and the sandbox (arbiter_profile, arbiter_sandbox:
#                       static, position independent, built by profile.cmake and
#                       sandbox.cmake), and exports luaopen_arbiter only. It does
#                       not link liblua: the interpreter that loads it provides
#                       the Lua API (the profiles' sandboxes are states of that
#                       same Lua).
#   arbiter_lua         a static library with luaopen_arbiter, for programs that
#                       preload the module into their own states (`arbiter run`,
#                       the sandbox); it links arbiter_profile (and through it
#                       arbiter_sandbox).
#
# Its tests (tests/lua/: lua_NAME, lua_module_so, lua_require) are registered
# in tests/CMakeLists.txt.

set(ARBITER_LUA_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
set(ARBITER_ROOT_DIR "${PROJECT_SOURCE_DIR}")
set(ARBITER_LUA_SOURCES
  "${ARBITER_LUA_DIR}/lbind.c" "${ARBITER_LUA_DIR}/lposition.c"
  "${ARBITER_LUA_DIR}/lsvg.c" "${ARBITER_LUA_DIR}/ltime.c" "${ARBITER_LUA_DIR}/lpgn.c"
  "${ARBITER_LUA_DIR}/lrules.c" "${ARBITER_LUA_DIR}/ltournament.c"
  "${ARBITER_LUA_DIR}/lmatch.c"
  "${ARBITER_LUA_DIR}/lengine.c"
  "${ARBITER_LUA_DIR}/linit.c")

# The loader's and the sandbox's objects, not their libraries: linking the
# targets would bring in their usage requirements (liblua, a second copy of
# libarbiter). They are compiled with their own targets' definitions, so the
# loader finds the same scripts (lua/datapath.h) from the
# module too. (profile.cmake is included after this file: the targets are
# looked up when the build system is generated.) The variant loader's objects
# too, for arbiter.variant().
add_library(arbiter_lua_module MODULE
  ${ARBITER_LUA_SOURCES} ${ARBITER_OBJECTS}
  $<TARGET_OBJECTS:arbiter_profile> $<TARGET_OBJECTS:arbiter_sandbox>
  $<TARGET_OBJECTS:arbiter_variant> $<TARGET_OBJECTS:arbiter_datapath>)
add_dependencies(arbiter_lua_module arbiter_profile arbiter_sandbox arbiter_variant
  arbiter_datapath)
target_include_directories(arbiter_lua_module PRIVATE
  "${ARBITER_ROOT_DIR}/engine/include" ${LUA_INCLUDE_DIRS})
target_link_libraries(arbiter_lua_module PRIVATE Threads::Threads ${CMAKE_DL_LIBS})
set_target_properties(arbiter_lua_module PROPERTIES
  OUTPUT_NAME arbiter PREFIX "" C_VISIBILITY_PRESET hidden)
if(CMAKE_SYSTEM_NAME STREQUAL "Linux")
  # The library objects mark their API for export; in the module only the
  # entry point is public, so a host that links libarbiter itself cannot
  # interpose its own copy on the module's calls.
  set(ARBITER_LUA_VERSION_SCRIPT "${CMAKE_CURRENT_BINARY_DIR}/arbiter_lua.map")
  file(WRITE "${ARBITER_LUA_VERSION_SCRIPT}" "{ global: luaopen_arbiter; local: *; };\n")
  target_link_options(arbiter_lua_module PRIVATE
    "LINKER:--version-script=${ARBITER_LUA_VERSION_SCRIPT}")
  set_target_properties(arbiter_lua_module PROPERTIES
    LINK_DEPENDS "${ARBITER_LUA_VERSION_SCRIPT}")
endif()

add_library(arbiter_lua STATIC ${ARBITER_LUA_SOURCES})
target_include_directories(arbiter_lua PUBLIC "${ARBITER_LUA_DIR}")
target_link_libraries(arbiter_lua PUBLIC arbiter_profile arbiter_variant arbiter_static PkgConfig::LUA)
set_target_properties(arbiter_lua PROPERTIES C_VISIBILITY_PRESET hidden POSITION_INDEPENDENT_CODE ON)
