// reports/latex.cpp — write_report: results → the appendix, the macros and the dossier (one writer each:
// reports/appendix.cpp, reports/macros.cpp, reports/dossier.cpp), the standalone documents and their PDFs.
// Output is a pure function of the results, the paper and the findings (no clock, no locale).
#include "reports/latex.hpp"

#include "reports/documents.hpp"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <filesystem>
#include <regex>
#include <sstream>
#include <unistd.h>

namespace dcrv {
namespace fs = std::filesystem;

std::string claim_anchor(const std::string& id) {
  return "dcrv:claim:" + tex::anchor_of(id);
}

std::string label_anchor(const std::string& label) {
  return "dcrv:label:" + tex::anchor_of(label);
}

std::string claim_name_tex(const ReportContext& c, const std::string& id) {
  const std::string p = c.numbering.printed(id);
  return p.empty() ? tex::id_tex(id) : p;
}

std::map<std::string, std::vector<const ClaimResult*>> claims_by_label(const ReportContext& c) {
  std::map<std::string, std::vector<const ClaimResult*>> out;
  for (const ClaimResult* cr : tex::report_order(c.r)) {
    const ClaimPlace p = c.numbering.of(cr->id);
    if (!p.label.empty())
      out[p.label].push_back(cr);
  }
  return out;
}

Status badge_status(const std::vector<const ClaimResult*>& claims) {
  // The most urgent first: what the authors must act on.
  const Status order[] = {Status::falsified, Status::underspecified, Status::inconclusive,
                          Status::unchecked, Status::not_checkable,  Status::verified,
                          Status::certified};
  for (Status s : order)
    for (const ClaimResult* c : claims)
      if (c->outcome.status == s)
        return s;
  return Status::unchecked;
}

namespace {

int pdf_pages(const std::string& log_path) {
  static const std::regex re(R"(Output written on .*\(([0-9]+) page)");
  const std::string log = tex::read_text(log_path);
  std::smatch m;
  int pages = 0;
  for (auto it = std::sregex_iterator(log.begin(), log.end(), re); it != std::sregex_iterator(); ++it)
    pages = std::stoi((*it)[1].str());
  return pages;
}

} // namespace

namespace {

/// Removes the staging directories (".dcrv-report.tmp.<pid>[.<name>]") in `where` whose process is gone.
void remove_dead_stagings(const fs::path& where) {
  static const std::string prefix = ".dcrv-report.tmp.";
  std::error_code ec;
  for (fs::directory_iterator it(where.empty() ? fs::path(".") : where, ec), end; !ec && it != end;
       it.increment(ec)) {
    const std::string n = it->path().filename().string();
    if (n.rfind(prefix, 0) != 0 || !it->is_directory(ec))
      continue;
    const std::string digits = n.substr(prefix.size(), n.find('.', prefix.size()) - prefix.size());
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos || digits.size() > 9)
      continue;
    const pid_t pid = static_cast<pid_t>(std::stol(digits));
    if (pid > 0 && pid != ::getpid() && ::kill(pid, 0) != 0 && errno == ESRCH) {
      std::error_code rm;
      fs::remove_all(it->path(), rm);
    }
  }
}

/// Where a report is staged: a fresh directory on the output's file system (inside the output directory when
/// it exists, beside it otherwise), removed with everything in it unless the report was moved into place.
struct Staging {
  fs::path out, dir;
  bool inside = false, moved = false;
  explicit Staging(const std::string& out_dir) : out(out_dir.empty() ? "." : out_dir) {
    std::error_code ec;
    const fs::file_status st = fs::status(out, ec);
    if (fs::exists(st) && !fs::is_directory(st))
      throw OutputError("cannot write the report into " + out.string() + ": it is not a directory");
    inside = fs::exists(st);
    const std::string name = ".dcrv-report.tmp." + std::to_string(::getpid());
    // a report killed by a signal leaves its staging directory (removing a tree is not async-signal-safe):
    // the next report into the same place removes those of processes that no longer exist
    remove_dead_stagings(fs::exists(st) ? out : out.lexically_normal().parent_path());
    if (inside) {
      dir = out / name;
    } else {
      const fs::path parent = out.lexically_normal().parent_path();
      if (!parent.empty()) {
        fs::create_directories(parent, ec);
        if (ec)
          throw OutputError("cannot create the report directory " + out.string() + ": " + ec.message());
      }
      dir = parent / (name + "." + out.lexically_normal().filename().string());
    }
    fs::remove_all(dir, ec);
    if (!fs::create_directory(dir, ec) || ec)
      throw OutputError("cannot create the report directory " + dir.string() +
                        (ec ? ": " + ec.message() : std::string()));
  }
  ~Staging() {
    std::error_code ec;
    if (!moved)
      fs::remove_all(dir, ec);
  }
  Staging(const Staging&) = delete;
  Staging& operator=(const Staging&) = delete;

  /// Moves the finished report into place: the whole directory by one rename when the output did not exist,
  /// else file by file (a rename each: every file is the old one or the new one, never a part).
  void commit() {
    std::error_code ec;
    if (!inside) {
      fs::rename(dir, out, ec);
      if (ec)
        throw OutputError("cannot rename " + dir.string() + " to " + out.string() + ": " + ec.message());
      moved = true;
      return;
    }
    for (const auto& e : fs::directory_iterator(dir)) {
      fs::rename(e.path(), out / e.path().filename(), ec);
      if (ec)
        throw OutputError("cannot move " + e.path().string() + " into " + out.string() + ": " + ec.message());
    }
  }
  std::string final_path(const std::string& p) const {
    const std::string d = dir.string();
    return p.rfind(d, 0) == 0 ? (out / fs::path(p.substr(d.size())).relative_path()).string() : p;
  }
};

} // namespace

ReportFiles write_report(const Results& r, const ReportOptions& o) {
  // Staged, then moved into place: a write error (a full disk) leaves the output directory as it was.
  Staging stage(o.out_dir);
  const fs::path dir = stage.dir;
  ReportContext c{r, o, number_claims(r, o.paper_dir),
                  checked_findings(r, o.findings ? *o.findings : registered_findings())};
  ReportFiles f;
  f.fragment = (dir / "dcrv-report.tex").string();
  f.standalone = (dir / "dcrv-dossier.tex").string();
  f.appendix = (dir / "dcrv-appendix.tex").string();
  f.appendix_standalone = (dir / "dcrv-appendix-standalone.tex").string();
  f.macros = (dir / "dcrv-macros.tex").string();

  std::ostringstream m;
  write_macros(m, c);
  write_file_atomic(f.macros, m.str());

  std::ostringstream a;
  write_appendix(a, c);
  write_file_atomic(f.appendix, a.str());

  std::ostringstream d;
  write_dossier(d, c, dir.string(), f);
  write_file_atomic(f.fragment, d.str());

  const std::string date = r.run.started.empty() ? std::string() : latex_escape(r.run.started);
  const std::string packages =
      "\\IfFileExists{lmodern.sty}{\\usepackage[T1]{fontenc}\\usepackage{lmodern}}{}\n"
      "\\usepackage[margin=2cm]{geometry}\n"
      "\\usepackage{booktabs,longtable,xcolor,amsmath,amssymb,pgfplots}\n"
      "\\pgfplotsset{compat=1.16}\n"
      "\\usepackage[hidelinks]{hyperref}\n";
  std::ostringstream s;
  s << "% dcrv-dossier.tex -- all evidence per claim; compile in this directory: latexmk -pdf "
       "dcrv-dossier.tex\n"
       "\\documentclass[10pt,a4paper]{article}\n"
    << packages << "\\input{dcrv-macros.tex}\n"
    << "\\title{dcrv dossier: the evidence of every claim}\n"
       "\\author{generated by \\texttt{dcrv report}}\n"
       "\\date{"
    << date << "}\n"
    << "\\begin{document}\n\\maketitle\n\\input{dcrv-report.tex}\n\\end{document}\n";
  write_file_atomic(f.standalone, s.str());

  std::ostringstream as;
  as << "% dcrv-appendix-standalone.tex -- the appendix alone; in the paper: \\input{dcrv-macros.tex} in "
        "the\n"
        "% preamble (optional: it loads xcolor) and \\input{dcrv-appendix.tex} where the appendix goes.\n"
        "\\documentclass[10pt,a4paper]{article}\n"
     << packages << "\\input{dcrv-macros.tex}\n"
     << "\\begin{document}\n\\appendix\n\\input{dcrv-appendix.tex}\n\\end{document}\n";
  write_file_atomic(f.appendix_standalone, as.str());

  if (o.pdf) {
    std::string msg_a, msg_d;
    f.appendix_pdf = tex::build_pdf(dir.string(), "dcrv-appendix-standalone", msg_a);
    if (!f.appendix_pdf.empty())
      f.appendix_pages = pdf_pages((dir / "dcrv-appendix-standalone.log").string());
    f.pdf = tex::build_pdf(dir.string(), "dcrv-dossier", msg_d);
    f.pdf_message = msg_a.empty() ? msg_d : msg_d.empty() ? msg_a : msg_a + "; " + msg_d;
    if (!msg_a.empty() && !msg_d.empty() && msg_a.rfind("pdflatex not found", 0) == 0)
      f.pdf_message = msg_a;
  }
  stage.commit();
  for (std::string* p :
       {&f.fragment, &f.standalone, &f.appendix, &f.appendix_standalone, &f.macros, &f.appendix_pdf, &f.pdf})
    *p = stage.final_path(*p);
  for (auto& d : f.data)
    d = stage.final_path(d);
  return f;
}

} // namespace dcrv
