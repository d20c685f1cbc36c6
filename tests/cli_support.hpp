// tests/cli_support.hpp — what the specifications of the command line and the reports share: running the
// dcrv binary through the shell, scratch paths that parallel test processes do not share, and whole-file
// text.
#pragma once
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace dcrv::test {

namespace fs = std::filesystem;

/// The exit code of one `dcrv` call and what it printed (stdout and stderr together).
struct CliRun {
  int code;
  std::string out;
};

/// A path below the temporary directory that no other test process uses: ctest runs the test cases in
/// parallel processes, so the process id is part of the name.
inline fs::path process_scratch(const std::string& tag) {
  return fs::temp_directory_path() / ("dcrv-" + tag + "-" + std::to_string(::getpid()));
}

/// Runs `dcrv <args>` (args as the shell reads them); one log file per process and call.
inline CliRun dcrv_cli(const std::string& args) {
  static int calls = 0;
  const fs::path log = process_scratch("cli").string() + "-" + std::to_string(++calls) + ".log";
  const std::string cmd = std::string("'") + DCRV_BINARY + "' " + args + " > '" + log.string() + "' 2>&1";
  const int status = std::system(cmd.c_str());
  std::ifstream in(log);
  std::stringstream ss;
  ss << in.rdbuf();
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, ss.str()};
}

/// The whole file as bytes ("" when it cannot be read).
inline std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Writes `s` as the whole file.
inline void spit(const fs::path& p, const std::string& s) {
  std::ofstream(p, std::ios::binary) << s;
}

/// The path in single quotes, for a shell command line.
inline std::string quoted(const fs::path& p) {
  std::string q = "'"; // appended piecewise: GCC 12 warns (-Wrestrict, a false positive) on "'" + s + "'"
  q += p.string();
  q += '\'';
  return q;
}

} // namespace dcrv::test
