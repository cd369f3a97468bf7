# lua/variant.cmake: variant scripts (variants/*.lua, schema in
# variants/README.md), lua/variant.c. (Its Check test,
# tests/unit/test_variant.c, is registered in tests/CMakeLists.txt.)
#
#   arbiter_variant  a static library: the loader on the sandbox
#                    (arbiter_sandbox) and the public library

add_library(arbiter_variant STATIC "${CMAKE_CURRENT_LIST_DIR}/variant.c")
target_include_directories(arbiter_variant PUBLIC "${CMAKE_CURRENT_LIST_DIR}")
target_link_libraries(arbiter_variant PUBLIC arbiter_sandbox arbiter_datapath arbiter_static)
set_target_properties(arbiter_variant PROPERTIES POSITION_INDEPENDENT_CODE ON)
