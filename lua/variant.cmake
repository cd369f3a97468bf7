# lua/variant.cmake: variant scripts (variants/*.lua, schema in
# variants/README.md), lua/variant.c, and its Check test.
#
#   arbiter_variant  a static library: the loader on the sandbox
#                    (arbiter_sandbox) and the public library
#   test_variant     tests/test_variant.c, CTest test "variant"; it loads
#                    every shipped script from the source tree's variants/
#                    and reads Chess960 perft references from
#                    tests/data/chess960.tsv

add_library(arbiter_variant STATIC "${CMAKE_CURRENT_LIST_DIR}/variant.c")
target_include_directories(arbiter_variant PUBLIC "${CMAKE_CURRENT_LIST_DIR}")
target_link_libraries(arbiter_variant PUBLIC arbiter_sandbox arbiter_datapath arbiter_static)
set_target_properties(arbiter_variant PROPERTIES POSITION_INDEPENDENT_CODE ON)

if(ARBITER_TESTS)
  # As in sandbox.cmake: tests/'s imported target is not visible here.
  if(NOT TARGET PkgConfig::CHECK)
    find_package(PkgConfig REQUIRED)
    pkg_check_modules(CHECK REQUIRED IMPORTED_TARGET check)
  endif()
  add_executable(test_variant "${PROJECT_SOURCE_DIR}/tests/test_variant.c")
  target_link_libraries(test_variant PRIVATE arbiter_variant PkgConfig::CHECK)
  add_test(NAME variant COMMAND test_variant "${PROJECT_SOURCE_DIR}/variants"
    "${PROJECT_SOURCE_DIR}/tests/data/chess960.tsv")
  set_tests_properties(variant PROPERTIES TIMEOUT 300 ENVIRONMENT "CK_VERBOSITY=normal")
endif()
