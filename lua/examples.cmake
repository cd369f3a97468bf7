# lua/examples.cmake: examples/*.lua, scripts a user would copy, each run
# through the real CLI (`arbiter run examples/NAME.lua ...`) as test
# example_NAME. examples/test_examples.sh checks the output of each against
# the CLI's own commands (perft, 960 --all, 960 --rounds).
if(ARBITER_TESTS)
  find_program(ARBITER_EXAMPLES_SH sh)
  set(ARBITER_EXAMPLES_DIR "${PROJECT_SOURCE_DIR}/examples")
  foreach(name most_first_moves missed_threefold draw960_svg)
    add_test(NAME example_${name}
      COMMAND ${ARBITER_EXAMPLES_SH} "${ARBITER_EXAMPLES_DIR}/test_examples.sh"
        $<TARGET_FILE:arbiter_cli> "${PROJECT_SOURCE_DIR}"
        "${CMAKE_CURRENT_BINARY_DIR}/examples/${name}" ${name})
    set_tests_properties(example_${name} PROPERTIES TIMEOUT 300)
  endforeach()
endif()
