# lua/sandbox.cmake: the sandbox for scripts loaded as data (profiles,
# variants), lua/sandbox.c, and its Check test.
#
#   arbiter_sandbox  a static library (sandbox.c on Lua alone; position
#                    independent, so a module or program may link it)
#   test_sandbox     tests/test_sandbox.c, CTest test "sandbox"

add_library(arbiter_sandbox STATIC "${CMAKE_CURRENT_LIST_DIR}/sandbox.c")
target_include_directories(arbiter_sandbox PUBLIC "${CMAKE_CURRENT_LIST_DIR}")
target_link_libraries(arbiter_sandbox PUBLIC PkgConfig::LUA)
set_target_properties(arbiter_sandbox PROPERTIES POSITION_INDEPENDENT_CODE ON)

if(ARBITER_TESTS)
  # tests/ makes PkgConfig::CHECK, but an imported target is visible only in
  # the directory that made it (and below), not in this sibling: make it here
  # too when it is not visible.
  if(NOT TARGET PkgConfig::CHECK)
    find_package(PkgConfig REQUIRED)
    pkg_check_modules(CHECK REQUIRED IMPORTED_TARGET check)
  endif()
  add_executable(test_sandbox "${PROJECT_SOURCE_DIR}/tests/test_sandbox.c")
  target_link_libraries(test_sandbox PRIVATE arbiter_sandbox PkgConfig::CHECK)
  add_test(NAME sandbox COMMAND test_sandbox)
  set_tests_properties(sandbox PROPERTIES TIMEOUT 300 ENVIRONMENT "CK_VERBOSITY=normal")
endif()
