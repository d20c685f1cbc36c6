// checks/cli_commit.hpp — the git commit this binary was built from, recorded as run.commit.
#pragma once

namespace dcrv {

/// "<40 hex digits>", with "-dirty" appended when tracked files differed from that commit at build time, or
/// "unknown" outside a git checkout. Defined in a source that scripts/stamp-commit.cmake writes at every
/// build (rewritten only when the commit changes).
const char* build_commit();

} // namespace dcrv
