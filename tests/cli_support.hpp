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
#include <system_error>
#include <unistd.h>

namespace dcrv::test {

namespace fs = std::filesystem;

/// The exit code of one `dcrv` call and what it printed (stdout and stderr together).
struct CliRun {
  int code;
  std::string out;
};

/// A fresh directory below the temporary directory, removed with everything in it when the object goes
/// (RAII): what a test writes there does not outlive it.
class TempDir {
public:
  explicit TempDir(const std::string& tag)
      : path_(fs::temp_directory_path() /
              ("dcrv-" + tag + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter()++))) {
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const fs::path& path() const { return path_; }
  fs::path operator/(const std::string& name) const { return path_ / name; }

private:
  static int& counter() {
    static int n = 0;
    return n;
  }
  fs::path path_;
};

/// The scratch directory of this test process (ctest runs the test cases in parallel processes: the process
/// id is part of its name), removed with its contents when the process exits.
inline const TempDir& process_scratch_root() {
  static const TempDir root("tests");
  return root;
}

/// A path in this process's scratch directory (process_scratch_root) that no other test process uses.
inline fs::path process_scratch(const std::string& tag) {
  return process_scratch_root() / tag;
}

/// Runs `dcrv <args>` (args as the shell reads them); its output goes through a log file in the scratch
/// directory, removed after reading.
/// `shell_prefix` runs before it in the same shell (e.g. "ulimit -f 1; ").
inline CliRun dcrv_cli(const std::string& args, const std::string& shell_prefix = "") {
  static int calls = 0;
  const fs::path log = process_scratch("cli").string() + "-" + std::to_string(++calls) + ".log";
  const std::string cmd = shell_prefix + "'" + DCRV_BINARY + "' " + args + " > '" + log.string() + "' 2>&1";
  const int status = std::system(cmd.c_str());
  std::stringstream ss;
  {
    std::ifstream in(log);
    ss << in.rdbuf();
  }
  std::error_code ec;
  fs::remove(log, ec);
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
