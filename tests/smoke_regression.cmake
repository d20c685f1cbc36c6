# CTest script: a smoke run of every claim must not regress against the committed baseline
# (reports/baseline/smoke.json): no claim may move to a worse status (dcrv diff exits 1).
execute_process(COMMAND ${DCRV} run --budget smoke --jobs 2 --quiet --json ${OUT} RESULT_VARIABLE run_rc)
if(NOT run_rc EQUAL 0)
  message(FATAL_ERROR "dcrv run failed with ${run_rc}")
endif()
execute_process(COMMAND ${DCRV} diff ${BASE} ${OUT} RESULT_VARIABLE diff_rc OUTPUT_VARIABLE diff_out)
message("${diff_out}")
if(NOT diff_rc EQUAL 0)
  message(FATAL_ERROR "regression against the baseline (dcrv diff exit ${diff_rc})")
endif()

# Issue "Stronger evidence": a claim whose evidence skips more than 20 % of its samples says why (ForAll::skips);
# the engine writes "(no reason given by the check)" otherwise.
file(READ ${OUT} results)
string(FIND "${results}" "(no reason given by the check)" unexplained)
if(NOT unexplained EQUAL -1)
  string(REGEX MATCHALL "no reason given by the check" hits "${results}")
  list(LENGTH hits n)
  message(FATAL_ERROR "${n} claim part(s) skip more than 20 % of their samples without saying why (ForAll::skips); "
                      "look for \"(no reason given by the check)\" in ${OUT}")
endif()
