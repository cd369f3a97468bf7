# lua/profile.cmake: competition-rule profiles (profiles/*.lua, schema in
# profiles/README.md), lua/profile.c (the loader) and lua/profile_hooks.c
# (the hooks' game view and trampolines), and lua/regulation.c: regulations
# (regulations/*.lua, schema in regulations/README.md), the same loader with
# another kind of table. (Their Check tests, tests/unit/test_profile.c and
# test_regulation.c, are registered in tests/CMakeLists.txt.)
#
#   arbiter_profile  a static library: the loader and the hooks' trampolines
#                    on the sandbox (arbiter_sandbox) and the public library.
#                    The profile path is lua/datapath.h's.
#   arbiter_cli      links it (`arbiter adjudicate`, `profiles`, `profile`).

add_library(arbiter_profile STATIC "${CMAKE_CURRENT_LIST_DIR}/profile.c"
  "${CMAKE_CURRENT_LIST_DIR}/profile_hooks.c" "${CMAKE_CURRENT_LIST_DIR}/regulation.c")
target_include_directories(arbiter_profile PUBLIC "${CMAKE_CURRENT_LIST_DIR}")
target_link_libraries(arbiter_profile PUBLIC arbiter_sandbox arbiter_datapath arbiter_static)
set_target_properties(arbiter_profile PROPERTIES POSITION_INDEPENDENT_CODE ON)

target_link_libraries(arbiter_cli PRIVATE arbiter_profile)
