# scripts/gpu-kit.cmake — the GPU check kit's build (issue 23; CMakeLists.txt includes it when DCRV_GPU_KIT=ON).
#
# The machine with the GPU has nvcc, CMake and ninja but none of dcrv's Debian dependencies and no network:
# scripts/gpu-pack.sh (run on a Debian 12 machine) unpacks the packages into a folder, the pack, that travels
# with the working tree. Here the dependencies are taken from that folder alone — its headers (-isystem, ahead
# of the system's) and its static libraries (full paths, no pkg-config, no find_package, so nothing of the
# system's own packages is searched) — and only the kit is built:
#   dcrv_lib (+ dcrv_cuda)   the library and the CUDA backend, as in the full build;
#   dcrv_gpu_tests           tests/main.cpp with the ensemble, CUDA and RNG specifications;
#   dcrv_ensemble_bench      bench/ensemble_bench.cpp.
# The pack's layout: include/ (boost/, eigen3/, nlohmann/, Random123/, catch2/, mpfr.h, gmp.h, mpfi.h, …),
# lib/ (libmpfi.a, libmpfr.a, libgmp.a), MANIFEST.tsv (package, version, sizes).
set(DCRV_GPU_PACK "${CMAKE_SOURCE_DIR}/gpu-pack" CACHE PATH "The packed dependencies of the GPU check kit")
# The kit's test sources (scripts/gpu-pack.sh finds the headers to pack by preprocessing the kit's sources).
set(DCRV_GPU_KIT_TESTS tests/main.cpp tests/test_ensemble.cpp tests/test_cuda.cpp tests/test_random.cpp)

macro(dcrv_gpu_kit_dependencies)
  get_filename_component(_pack "${DCRV_GPU_PACK}" ABSOLUTE)
  foreach(_f MANIFEST.tsv include/boost/version.hpp include/eigen3/Eigen/Core include/nlohmann/json.hpp
             include/Random123/philox.h include/catch2/catch.hpp include/mpfr.h include/gmp.h include/mpfi.h
             lib/libmpfi.a lib/libmpfr.a lib/libgmp.a)
    if(NOT EXISTS "${_pack}/${_f}")
      message(FATAL_ERROR "DCRV_GPU_KIT: the pack ${_pack} lacks ${_f} (make it with scripts/gpu-pack.sh)")
    endif()
  endforeach()
  message(STATUS "dcrv: GPU check kit, dependencies from ${_pack} only")
  set(_inc "${_pack}/include")
  set(Boost_INCLUDE_DIRS "${_inc}")
  set(MPFI_INCLUDE_DIR "${_inc}")
  set(RANDOM123_INCLUDE_DIR "${_inc}")
  set(MPFI_LIBRARY "${_pack}/lib/libmpfi.a")
  # imported targets: their include directories are system ones (-isystem), searched before /usr/include
  add_library(Eigen3::Eigen INTERFACE IMPORTED)
  set_target_properties(Eigen3::Eigen PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${_inc}/eigen3")
  add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
  set_target_properties(nlohmann_json::nlohmann_json PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${_inc}")
  add_library(PkgConfig::GMP STATIC IMPORTED)
  set_target_properties(PkgConfig::GMP PROPERTIES IMPORTED_LOCATION "${_pack}/lib/libgmp.a"
                                                  INTERFACE_INCLUDE_DIRECTORIES "${_inc}")
  add_library(PkgConfig::MPFR STATIC IMPORTED)
  set_target_properties(PkgConfig::MPFR PROPERTIES IMPORTED_LOCATION "${_pack}/lib/libmpfr.a"
                                                   INTERFACE_INCLUDE_DIRECTORIES "${_inc}"
                                                   INTERFACE_LINK_LIBRARIES PkgConfig::GMP)
endmacro()

macro(dcrv_gpu_kit_targets)
  add_executable(dcrv_gpu_tests ${DCRV_GPU_KIT_TESTS})
  target_include_directories(dcrv_gpu_tests SYSTEM PRIVATE "${_inc}") # catch2/catch.hpp
  target_link_libraries(dcrv_gpu_tests PRIVATE dcrv_lib)
  # one line per message in the log (Catch wraps its console output at 80 columns by default)
  target_compile_definitions(dcrv_gpu_tests PRIVATE CATCH_CONFIG_CONSOLE_WIDTH=200)
  add_executable(dcrv_ensemble_bench bench/ensemble_bench.cpp)
  target_link_libraries(dcrv_ensemble_bench PRIVATE dcrv_lib)
endmacro()
