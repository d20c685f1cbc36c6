# The style rule of the project: every C++ source of the tree is as clang-format (the root .clang-format)
# writes it. Run by ctest as tests/format_check (cmake -DCLANG_FORMAT=... -DROOT=... -P format_check.cmake).
file(GLOB_RECURSE _sources RELATIVE ${ROOT}
     ${ROOT}/lib/*.cpp ${ROOT}/lib/*.hpp ${ROOT}/lib/*.cu ${ROOT}/lib/*.cuh
     ${ROOT}/checks/*.cpp ${ROOT}/checks/*.hpp ${ROOT}/properties/*.cpp ${ROOT}/properties/*.hpp
     ${ROOT}/reports/*.cpp ${ROOT}/reports/*.hpp ${ROOT}/tests/*.cpp ${ROOT}/tests/*.hpp
     ${ROOT}/bench/*.cpp ${ROOT}/bench/*.hpp ${ROOT}/bench/*.cu)
list(LENGTH _sources _n)
if(_n EQUAL 0)
  message(FATAL_ERROR "format_check: no sources found below ${ROOT}")
endif()
execute_process(COMMAND ${CLANG_FORMAT} --dry-run --Werror ${_sources}
                WORKING_DIRECTORY ${ROOT} RESULT_VARIABLE _rc ERROR_VARIABLE _err)
if(NOT _rc EQUAL 0)
  string(REGEX MATCHALL "[^\n]*error: code should be clang-formatted[^\n]*" _where "${_err}")
  list(LENGTH _where _k)
  string(REPLACE ";" "\n" _where "${_where}")
  message(FATAL_ERROR "format_check: ${_k} place(s) differ from clang-format; run clang-format -i on them:\n${_where}")
endif()
message(STATUS "format_check: ${_n} files as clang-format writes them")
