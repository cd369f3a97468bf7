# lua/sandbox.cmake: the sandbox for scripts loaded as data (profiles,
# variants), lua/sandbox.c. (Its Check test, tests/unit/test_sandbox.c, is
# registered in tests/CMakeLists.txt.)
#
#   arbiter_sandbox  a static library (sandbox.c on Lua alone; position
#                    independent, so a module or program may link it)

add_library(arbiter_sandbox STATIC "${CMAKE_CURRENT_LIST_DIR}/sandbox.c")
target_include_directories(arbiter_sandbox PUBLIC "${CMAKE_CURRENT_LIST_DIR}")
target_link_libraries(arbiter_sandbox PUBLIC PkgConfig::LUA)
set_target_properties(arbiter_sandbox PROPERTIES POSITION_INDEPENDENT_CODE ON)
