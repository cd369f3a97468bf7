# lua/module.cmake: module "arbiter" (lua/arbiter_lua.c) and its tests.
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
#   tests               tests/lua/test_NAME.lua run as lua_NAME by
#                       tests/lua_runner.c with the module preloaded; all of
#                       them again as lua_module_so through the runner loading
#                       arbiter.so with require, and as lua_require through the
#                       lua5.4 interpreter (luajit in a LuaJIT build) when it
#                       is installed and the build is not sanitized.

set(ARBITER_LUA_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
set(ARBITER_ROOT_DIR "${PROJECT_SOURCE_DIR}")

# The loader's and the sandbox's objects, not their libraries: linking the
# targets would bring in their usage requirements (liblua, a second copy of
# libarbiter). They are compiled with their own targets' definitions, so the
# loader finds the same scripts (lua/datapath.h) from the
# module too. (profile.cmake is included after this file: the targets are
# looked up when the build system is generated.) The variant loader's objects
# too, for arbiter.variant().
add_library(arbiter_lua_module MODULE
  "${ARBITER_LUA_DIR}/arbiter_lua.c" $<TARGET_OBJECTS:arbiter_objs>
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

add_library(arbiter_lua STATIC "${ARBITER_LUA_DIR}/arbiter_lua.c")
target_include_directories(arbiter_lua PUBLIC "${ARBITER_LUA_DIR}")
target_link_libraries(arbiter_lua PUBLIC arbiter_profile arbiter_variant arbiter_static PkgConfig::LUA)
set_target_properties(arbiter_lua PROPERTIES C_VISIBILITY_PRESET hidden POSITION_INDEPENDENT_CODE ON)

if(ARBITER_TESTS)
  set(ARBITER_LUA_TESTS "${ARBITER_ROOT_DIR}/tests/lua")
  set(ARBITER_LUA_DATA "${ARBITER_ROOT_DIR}/tests/data")

  add_executable(lua_runner "${ARBITER_ROOT_DIR}/tests/lua_runner.c")
  target_link_libraries(lua_runner PRIVATE arbiter_lua)

  # tests/lua/test_NAME.lua is test lua_NAME. Every script gets the data
  # directory and the CLI (to compare with) as arg[1] and arg[2].
  set(ARBITER_LUA_SCRIPTS)
  foreach(name module chess960 time pgn rules variants svg)
    set(script "${ARBITER_LUA_TESTS}/test_${name}.lua")
    list(APPEND ARBITER_LUA_SCRIPTS "${script}")
    add_test(NAME lua_${name} COMMAND lua_runner "${script}"
      "${ARBITER_LUA_DATA}" $<TARGET_FILE:arbiter_cli>)
    set_tests_properties(lua_${name} PROPERTIES TIMEOUT 300)
  endforeach()

  # The built arbiter.so through require, in the runner's process (instrumented
  # when sanitized): require_so.lua sets package.cpath, then runs every script.
  set(ARBITER_LUA_REQUIRE_ARGS "${ARBITER_LUA_TESTS}/require_so.lua"
    $<TARGET_FILE_DIR:arbiter_lua_module> "${ARBITER_LUA_DATA}" $<TARGET_FILE:arbiter_cli>
    ${ARBITER_LUA_SCRIPTS})
  add_test(NAME lua_module_so COMMAND lua_runner --no-preload ${ARBITER_LUA_REQUIRE_ARGS})
  set_tests_properties(lua_module_so PROPERTIES TIMEOUT 300)

  # The same with the stock interpreter of the Lua built against (lua5.4, or
  # luajit with ARBITER_LUAJIT). An ASan-built module cannot be loaded by an
  # uninstrumented interpreter, so not in sanitized builds.
  # (One cache variable per interpreter: switching ARBITER_LUAJIT in a build
  # directory must not keep the other one.)
  if(ARBITER_LUAJIT)
    find_program(ARBITER_LUAJIT_PROGRAM luajit)
    set(ARBITER_LUA_INTERPRETER "${ARBITER_LUAJIT_PROGRAM}")
  else()
    find_program(ARBITER_LUA54_PROGRAM lua5.4)
    set(ARBITER_LUA_INTERPRETER "${ARBITER_LUA54_PROGRAM}")
  endif()
  if(ARBITER_LUA_INTERPRETER AND NOT ARBITER_SANITIZE)
    add_test(NAME lua_require COMMAND ${ARBITER_LUA_INTERPRETER} ${ARBITER_LUA_REQUIRE_ARGS})
    set_tests_properties(lua_require PROPERTIES TIMEOUT 300)
  endif()
endif()
