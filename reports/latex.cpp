// Minimal LaTeX writer (to be extended): summary table per part + falsified witnesses.
#include "reports/latex.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace dcrv {

std::string latex_escape(const std::string& s) {
  std::string o;
  for (char c : s) {
    switch (c) {
    case '\\': o += "\\textbackslash{}"; break;
    case '&': case '%': case '$': case '#': case '_': case '{': case '}': o += '\\'; o += c; break;
    case '~': o += "\\textasciitilde{}"; break;
    case '^': o += "\\textasciicircum{}"; break;
    default: o += c;
    }
  }
  return o;
}

ReportFiles write_report(const Results& r, const ReportOptions& o) {
  namespace fs = std::filesystem;
  fs::create_directories(o.out_dir);
  ReportFiles f;
  f.fragment = (fs::path(o.out_dir) / "dcrv-report.tex").string();
  std::ostringstream t;
  t << "% dcrv verification report\n\\begin{itemize}\n";
  for (const auto& c : r.claims)
    t << "\\item " << latex_escape(c.id) << ": " << to_string(c.outcome.status) << "\n";
  t << "\\end{itemize}\n";
  write_file_atomic(f.fragment, t.str());
  return f;
}

} // namespace dcrv
