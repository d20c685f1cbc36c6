#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "dcrv/real.hpp"

int main(int argc, char* argv[]) {
  dcrv::set_working_digits(50); // the CLI's default confirmation precision
  return Catch::Session().run(argc, argv);
}
