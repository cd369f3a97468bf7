# lua/profile.cmake: competition-rule profiles (profiles/*.lua, schema in
# profiles/README.md), lua/profile.c, and its Check test.
#
#   arbiter_profile  a static library: the loader and the hooks' trampolines
#                    on the sandbox (arbiter_sandbox) and the public library.
#                    The profile path is lua/datapath.h's.
#   arbiter_cli      links it (`arbiter adjudicate`, `profiles`, `profile`).
#   test_profile     tests/test_profile.c, CTest test "profile": every
#                    shipped profile and examples/profiles/*.lua, the errors,
#                    the hooks through real games (PGN from tests/data/pgn).

add_library(arbiter_profile STATIC "${CMAKE_CURRENT_LIST_DIR}/profile.c")
target_include_directories(arbiter_profile PUBLIC "${CMAKE_CURRENT_LIST_DIR}")
target_link_libraries(arbiter_profile PUBLIC arbiter_sandbox arbiter_datapath arbiter_static)
set_target_properties(arbiter_profile PROPERTIES POSITION_INDEPENDENT_CODE ON)

target_link_libraries(arbiter_cli PRIVATE arbiter_profile)

if(ARBITER_TESTS)
  # As in sandbox.cmake: tests/'s imported target is not visible here.
  if(NOT TARGET PkgConfig::CHECK)
    find_package(PkgConfig REQUIRED)
    pkg_check_modules(CHECK REQUIRED IMPORTED_TARGET check)
  endif()
  add_executable(test_profile "${PROJECT_SOURCE_DIR}/tests/test_profile.c")
  target_link_libraries(test_profile PRIVATE arbiter_profile PkgConfig::CHECK)
  add_test(NAME profile COMMAND test_profile "${PROJECT_SOURCE_DIR}/profiles"
    "${PROJECT_SOURCE_DIR}/examples/profiles" "${PROJECT_SOURCE_DIR}/tests/data/pgn")
  # Sanitized: no fork, so that LeakSanitizer checks the one process at exit.
  if(ARBITER_SANITIZE)
    set_tests_properties(profile PROPERTIES ENVIRONMENT "CK_VERBOSITY=normal;CK_FORK=no")
  else()
    set_tests_properties(profile PROPERTIES ENVIRONMENT "CK_VERBOSITY=normal")
  endif()
  set_tests_properties(profile PROPERTIES TIMEOUT 300)
endif()
