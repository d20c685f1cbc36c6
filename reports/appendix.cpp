// reports/appendix.cpp — dcrv-appendix.tex: the appendix the authors \input into their paper (≤ 15 pages).
//
// It compiles with the paper's own preamble (main.tex's packages: amsmath via mathtools, amssymb, booktabs,
// hyperref …): it uses no longtable, no pgfplots unless the document loaded it (the status figure is then
// drawn with rules), and colour only when a colour package is loaded. dcrv-macros.tex is \input by the
// appendix itself when the preamble did not. Numbers have 4 significant digits; witnesses in full are in the
// dossier and in results.json.
#include "reports/documents.hpp"
#include "reports/theory.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace dcrv {
using namespace tex;
using nlohmann::json;

namespace {

/// A badge when the claim's statement has a label, else nothing.
std::string badge_of(const ReportContext& c, const std::string& id) {
  const ClaimPlace p = c.numbering.of(id);
  return p.label.empty() ? std::string() : "~\\dcrvstatus{" + p.label + "}";
}

/// "Lemma~B.3 (\texttt{B.x})" or "\texttt{B.x}".
std::string claim_ref(const ReportContext& c, const std::string& id) {
  const std::string printed = c.numbering.printed(id);
  return printed.empty() ? id_tex(id) : printed + " (" + id_tex(id) + ")";
}

/// A JSON value in 4 significant digits; vectors shortened to their first 6 entries.
std::string short_value(const json& v) {
  if (v.is_number_integer())
    return "\\(" + std::to_string(v.get<long long>()) + "\\)";
  if (v.is_number())
    return fmt_num(v.get<double>(), 4);
  if (v.is_string())
    return "\\texttt{" + breakable(latex_escape(round_numbers(v.get<std::string>()))) + "}";
  if (v.is_boolean())
    return v.get<bool>() ? "true" : "false";
  if (v.is_array()) {
    std::string s = "(";
    for (std::size_t i = 0; i < v.size() && i < 6; ++i)
      s += (i ? ", " : "") + short_value(v[i]);
    if (v.size() > 6)
      s += ", \\ldots{} " + std::to_string(v.size()) + " entries";
    return s + ")";
  }
  return "\\texttt{" + breakable(latex_escape(round_numbers(v.dump())).substr(0, 200)) + "}";
}

/// The witness in one line: the point in the domain's terms and the confirmed sides, 4 digits.
std::string short_witness(const json& w) {
  if (!w.is_object())
    return "\\emph{none stored}";
  std::string s;
  if (w.contains("fields") && w["fields"].is_object())
    for (auto it = w["fields"].begin(); it != w["fields"].end(); ++it)
      s += (s.empty() ? "" : ", ") + std::string("\\texttt{") + latex_escape(it.key()) + "} \\(=\\) " +
           short_value(it.value());
  if (w.contains("sample") && w["sample"].is_object() && w["sample"].contains("S"))
    s += (s.empty() ? "" : ", ") + std::string("\\(S\\) \\(=\\) ") + short_value(w["sample"]["S"]);
  for (const char* k : {"lhs", "rhs"})
    if (w.contains(k))
      s += (s.empty() ? "" : ", ") + std::string(k == std::string("lhs") ? "LHS" : "RHS") + " \\(=\\) " +
           short_value(w[k]);
  return s.empty() ? "see the dossier" : s;
}

/// "n noun" with the plural s where n != 1.
std::string counted(std::size_t n, const std::string& noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

/// The findings' repairs by kind, zero counts left out ("86 checked corrections and 8 measured values of
/// experiments"); "no repair" when there is none.
std::string repairs_text(const FindingsOfRun& F) {
  std::vector<std::string> parts;
  if (F.measured)
    parts.push_back(counted(F.measured, "measured constant"));
  if (F.values)
    parts.push_back(counted(F.values, "measured value") + " of experiments");
  if (F.corrected)
    parts.push_back(counted(F.corrected, "checked correction"));
  if (parts.empty())
    return "no repair";
  std::string text = parts.front();
  for (std::size_t i = 1; i < parts.size(); ++i)
    text += (i + 1 == parts.size() ? " and " : ", ") + parts[i];
  return text;
}

void section(std::ostream& t, const std::string& title, const std::string& label) {
  t << "\\dcrvappsubsection{" << title << "}\\label{" << label << "}\n";
}

void write_summary(std::ostream& t, const ReportContext& c) {
  const Results& r = c.r;
  const auto parts = parts_in_order(r);
  std::map<std::string, std::map<Status, int>> n;
  std::map<Status, int> total;
  for (const auto& cl : r.claims)
    ++n[part_of(cl.id)][cl.outcome.status], ++total[cl.outcome.status];
  section(t, "Summary", "sec:dcrv-app-summary");
  t << "\\noindent dcrv checked " << r.claims.size()
    << " claims of this paper (main text M, appendices A--J; an ID with \\texttt{\\textasciitilde} is "
       "another "
       "reading of an ambiguous claim) in one run: \\dcrvrun. ";
  t << total[Status::certified] << " are certified (proved on the whole stated domain), "
    << total[Status::verified] << " verified (no violation in the evidence), " << total[Status::falsified]
    << " falsified (a counterexample confirmed in MPFR), " << total[Status::underspecified]
    << " underspecified (the outcome depends on a choice the paper does not make), "
    << total[Status::inconclusive] << " inconclusive, " << total[Status::unchecked] << " unchecked and "
    << total[Status::not_checkable]
    << " not checkable. A badge \\texttt{\\textbackslash "
       "dcrvstatus\\{label\\}} beside a statement of the paper shows its status and links to its evidence in "
       "the dossier.\n";
  // The findings in one sentence, with the closing note's counts (write_findings gives them in full).
  const FindingsOfRun& F = c.findings;
  t << "The falsified claims are grouped into " << counted(F.findings.size(), "finding")
    << " (Section~\\ref{sec:dcrv-app-findings}), repaired by " << repairs_text(F) << "; "
    << F.uncovered.size() << " falsified claim" << (F.uncovered.size() == 1 ? " has" : "s have")
    << " no finding yet.\n\n";
  // Table.
  t << "\\begin{center}\\small\\setlength{\\tabcolsep}{3.5pt}\n\\begin{tabular}{l";
  for (std::size_t i = 0; i < std::size(kStatuses); ++i)
    t << "r";
  t << "r}\n\\hline\nPart";
  const char* heads[] = {"cert.", "verif.", "fals.", "undersp.", "inconcl.", "unch.", "n.-c."};
  for (std::size_t i = 0; i < std::size(kStatuses); ++i)
    t << " & \\textcolor{" << status_color(kStatuses[i]) << "}{" << heads[i] << "}";
  t << " & total\\\\\n\\hline\n";
  for (const auto& p : parts) {
    int all = 0;
    t << (p == "M" ? std::string("Main") : "App.~" + latex_escape(p));
    for (Status s : kStatuses)
      t << " & " << n[p][s], all += n[p][s];
    t << " & " << all << "\\\\\n";
  }
  t << "\\hline\nTotal";
  for (Status s : kStatuses)
    t << " & " << total[s];
  t << " & " << r.claims.size() << "\\\\\n\\hline\n\\end{tabular}\\end{center}\n\n";

  // Figure: stacked status bars per part; pgfplots when the document loads it, rules otherwise.
  t << "\\begin{figure}[!htbp]\\centering\n\\makeatletter\n\\@ifundefined{pgfplotsset}{%\n";
  int most = 1;
  for (const auto& p : parts) {
    int all = 0;
    for (Status s : kStatuses)
      all += n[p][s];
    most = std::max(most, all);
  }
  t << "{\\footnotesize\\begin{tabular}{@{}r@{\\hspace{4pt}}l@{}}\n";
  for (const auto& p : parts) {
    t << (p == "M" ? std::string("M") : latex_escape(p)) << " & ";
    int all = 0;
    for (Status s : kStatuses) {
      const int k = n[p][s];
      all += k;
      if (k == 0)
        continue;
      char w[32];
      std::snprintf(w, sizeof w, "%.4f", 0.8 * k / most);
      t << "\\textcolor{" << status_color(s) << "}{\\rule{" << w << "\\linewidth}{6pt}}\\hspace{0.3pt}";
    }
    t << "~" << all << "\\\\\n";
  }
  t << "\\end{tabular}}%\n}{%\n";
  // pgfplots: inline coordinates (no .dat file to find from the paper's directory).
  std::string coords;
  for (const auto& p : parts)
    coords += (coords.empty() ? "" : ",") + part_token(p);
  t << "\\begin{tikzpicture}\\begin{axis}[xbar stacked, width=0.9\\linewidth, height=6cm, bar width=6pt, "
       "xmin=0, symbolic y coords={"
    << coords
    << "}, ytick=data, y dir=reverse, xlabel={claims}, legend style={font=\\scriptsize, at={(0.5,1.02)}, "
       "anchor=south, legend columns=4}, tick label style={font=\\footnotesize}]\n";
  for (Status s : kStatuses) {
    t << "\\addplot+[draw=black, line width=0.2pt, fill=" << status_color(s) << "] coordinates {";
    std::set<std::string> seen;
    for (const auto& p : parts)
      if (seen.insert(part_token(p)).second)
        t << "(" << n[p][s] << "," << part_token(p) << ") ";
    t << "};\n";
  }
  t << "\\legend{certified,verified,falsified,underspecified,inconclusive,unchecked,not-checkable}\n"
       "\\end{axis}\\end{tikzpicture}%\n}\n\\makeatother\n"
       "\\caption{Claims per part of the paper and status (dcrv).}\\label{fig:dcrv-app-status}\n"
       "\\end{figure}\n\n";
}

/// The level 1 - alpha: "\\(1-10^{-6}\\)", "\\(1-5\\cdot10^{-7}\\)".
std::string level_tex(double alpha) {
  if (!(alpha > 0) || !std::isfinite(alpha))
    return "\\(1\\)";
  const int e = static_cast<int>(std::floor(std::log10(alpha) + 1e-9));
  const double m = alpha / std::pow(10.0, e);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", m);
  const std::string pow10 = e == 0 ? std::string() : "10^{" + std::to_string(e) + "}";
  if (std::string(buf) == "1")
    return "\\(1-" + (e == 0 ? std::string("1") : pow10) + "\\)";
  return "\\(1-" + std::string(buf) + (e == 0 ? std::string() : "\\cdot" + pow10) + "\\)";
}

/// The claim's side as the statistic states it (">= 0.9", "in [-50, 50]"), typeset.
std::string side_tex(const std::string& side) {
  const std::string raw = round_numbers(side);
  std::string s;
  std::size_t from = 0;
  for (std::size_t at = 0; at + 1 < raw.size(); ++at)
    if ((raw[at] == '>' || raw[at] == '<') && raw[at + 1] == '=') {
      s += latex_escape(raw.substr(from, at - from)) + (raw[at] == '>' ? "\\(\\ge\\)" : "\\(\\le\\)");
      from = ++at + 1;
    }
  return s + latex_escape(raw.substr(from));
}

/// "\\(0.4969\\) [\\(0.4967\\), \\(0.497\\)] (12\\,288 paths, level \\(1-10^{-6}\\); from .. to .. over the 2
/// setups; claim in [0.247, 0.287])": an estimate with its interval, what it rests on and, where given, the
/// claim's side.
std::string value_tex(const ExperimentValue& v, const std::string& unit, int setups = 0, double low = 0,
                      double high = 0, const std::string& side = "") {
  std::string s = fmt_num(v.estimate, 4) + " [" + fmt_num(v.lo, 4) + ", " + fmt_num(v.hi, 4) + "] (" +
                  fmt_count(v.paths) + " " + unit + (v.alpha > 0 ? ", level " + level_tex(v.alpha) : "");
  if (setups > 1)
    s += low == high ? "; the same under all " + std::to_string(setups) + " setups"
                     : "; from " + fmt_num(low, 4) + " to " + fmt_num(high, 4) + " over the " +
                           std::to_string(setups) + " setups";
  if (!side.empty())
    s += "; claim " + side_tex(side);
  return s + ")";
}

void write_findings(std::ostream& t, const ReportContext& c) {
  const FindingsOfRun& F = c.findings;
  section(t, "Findings and their repairs", "sec:dcrv-app-findings");
  if (F.findings.empty())
    t << "\\noindent No finding is declared for the claims of this run.\n\n";
  // the findings in the small size, claims and witness in one paragraph: the appendix stays within 15 pages
  // with every falsified claim in a finding (the dossier holds the witnesses in full)
  t << "{\\small\n";
  int k = 0;
  for (const FindingView& v : F.findings) {
    const Finding& f = *v.finding;
    t << "\\paragraph{Finding " << ++k << ": " << f.title << "}\n" << f.cause << "\n\n";
    t << "\\noindent\\emph{Claims:} ";
    for (std::size_t i = 0; i < v.claims.size(); ++i)
      t << (i ? "; " : "") << claim_ref(c, v.claims[i]->id) << badge_of(c, v.claims[i]->id);
    if (v.smallest)
      t << ". \\emph{Smallest witness} (" << id_tex(v.smallest->id)
        << "): " << short_witness(v.smallest->outcome.witness);
    t << ".\n\n";
    t << "\\noindent\\emph{Repair"
      << (f.repair.kind == RepairKind::value ? "} (the values this run measures). " : ".} ");
    if (f.repair.kind == RepairKind::corrected) {
      t << f.repair.statement << "; checked: ";
      std::set<std::string> shown; // a reading that repairs several claims is listed once
      for (std::size_t i = 0; i < v.repairs.size(); ++i) {
        const auto& rep = v.repairs[i];
        if (!shown.insert(rep.reading).second)
          continue;
        t << (shown.size() > 1 ? "; " : "") << id_tex(rep.reading) << ": "
          << (rep.checked ? "\\textcolor{" + status_color(rep.checked->outcome.status) + "}{" +
                                latex_escape(status_with_scope(*rep.checked)) + "}"
                          : std::string("not checked in this run (filtered)"));
      }
      t << ".\n\n";
    } else if (f.repair.kind == RepairKind::value) {
      // the numbers an experiment reports: what the run measures, beside what the paper reports
      for (std::size_t i = 0; i < v.repairs.size(); ++i) {
        const auto& rep = v.repairs[i];
        t << (i ? "; " : "") << id_tex(rep.claim) << ": the experiment gives ";
        for (std::size_t k = 0; k < rep.values.size(); ++k) {
          const MeasuredValue& m = rep.values[k];
          t << (k ? ", " : "") << latex_escape(m.value.name.empty() ? m.value.experiment : m.value.name)
            << " " << value_tex(m.value, "paths", m.setups, m.low, m.high, m.value.side);
        }
        if (rep.population)
          t << "; population value (" << latex_escape(rep.population->experiment) << ") "
            << value_tex(*rep.population, "runs");
      }
      t << ". The paper reports " << f.repair.statement << ".\n\n";
    } else {
      t << "the measured constant (slack search): ";
      for (std::size_t i = 0; i < v.repairs.size(); ++i) {
        const auto& rep = v.repairs[i];
        t << (i ? "; " : "") << id_tex(rep.claim) << " holds with \\texttt{"
          << latex_escape(f.repair.constant) << "} \\(=\\) " << fmt_num(rep.best, 4) << " (paper "
          << fmt_num(rep.paper, 4) << ")";
      }
      t << ".\n\n";
    }
  }
  t << "}\n\n";
  // Falsified claims without a finding: listed, never hidden.
  if (!F.uncovered.empty()) {
    t << "\\paragraph{Falsified, no finding yet (" << F.uncovered.size() << ").}\n"
      << "These claims are falsified (a counterexample confirmed in MPFR; \\texttt{dcrv replay ID} "
         "reproduces "
         "it) but no finding groups them with a repair yet.\n"
         "{\\small\\begin{itemize}\\setlength{\\itemsep}{0pt}\\setlength{\\parskip}{0pt}\n";
    for (const ClaimResult* cl : F.uncovered) {
      std::string msg = round_numbers(collapse_space(cl->outcome.message));
      if (msg.size() > 160)
        msg = msg.substr(0, 157) + "...";
      // Never cut inside a UTF-8 sequence.
      while (!msg.empty() && (static_cast<unsigned char>(msg.back()) & 0xC0) == 0x80)
        msg.pop_back();
      if (!msg.empty() && static_cast<unsigned char>(msg.back()) >= 0xC0)
        msg.pop_back();
      t << "\\item " << claim_ref(c, cl->id) << badge_of(c, cl->id) << ": " << latex_escape(msg) << "\n";
    }
    t << "\\end{itemize}}\n\n";
  }
}

void write_underspecified(std::ostream& t, const ReportContext& c) {
  std::vector<const ClaimResult*> us;
  for (const ClaimResult* cl : report_order(c.r))
    if (cl->outcome.status == Status::underspecified || cl->outcome.protocol.is_object())
      us.push_back(cl);
  section(t, "Underspecified experiments", "sec:dcrv-app-underspecified");
  if (us.empty()) {
    t << "\\noindent No claim of this run depends on a choice the paper leaves open.\n\n";
    return;
  }
  t << "\\noindent A claim is \\emph{underspecified} when it holds under some of the values a careful reader "
       "could take for a choice the paper does not make, and fails under others. The deciding choice is the "
       "sentence the paper is missing.\n"
       "{\\small\\begin{itemize}\\setlength{\\itemsep}{2pt}\n";
  for (const ClaimResult* cl : us) {
    const Outcome& o = cl->outcome;
    t << "\\item " << claim_ref(c, cl->id) << badge_of(c, cl->id) << ", "
      << "\\textcolor{" << status_color(o.status) << "}{" << to_string(o.status) << "}. ";
    const json& s = o.setups;
    if (s.is_object()) {
      if (s.contains("deciding") && s["deciding"].is_array() && !s["deciding"].empty()) {
        t << "\\emph{Deciding:} ";
        for (std::size_t i = 0; i < s["deciding"].size(); ++i)
          t << (i ? ", " : "") << "\\texttt{"
            << latex_escape(s["deciding"][i].is_string() ? s["deciding"][i].get<std::string>()
                                                         : s["deciding"][i].dump())
            << "}";
        t << ". ";
      }
      if (s.contains("choices") && s["choices"].is_array())
        for (const auto& ch : s["choices"]) {
          t << "\\texttt{" << latex_escape(ch.value("name", std::string())) << "} \\(\\in\\) \\{";
          if (ch.contains("values") && ch["values"].is_array())
            for (std::size_t i = 0; i < ch["values"].size(); ++i)
              t << (i ? ", " : "")
                << latex_escape(round_numbers(ch["values"][i].is_string() ? ch["values"][i].get<std::string>()
                                                                          : ch["values"][i].dump()));
          t << "\\}";
          if (!ch.value("why", std::string()).empty())
            t << " (" << latex_escape(ch.value("why", std::string())) << ")";
          t << ". ";
        }
      if (s.contains("rows") && s["rows"].is_array()) {
        int holds = 0, fails = 0, other = 0;
        for (const auto& row : s["rows"]) {
          const std::string st = row.value("status", std::string());
          (st == "verified" || st == "certified" ? holds : st == "falsified" ? fails : other)++;
        }
        t << "Holds under " << holds << ", fails under " << fails << (other ? ", undecided under " : "")
          << (other ? std::to_string(other) : std::string()) << " of " << s["rows"].size() << " setups";
        std::vector<std::string> failing;
        for (const auto& row : s["rows"])
          if (row.value("status", std::string()) == "falsified" && row.contains("setup") &&
              row["setup"].is_object() && failing.size() < 3) {
            std::string d;
            for (auto it = row["setup"].begin(); it != row["setup"].end(); ++it)
              d += (d.empty() ? "" : ", ") + it.key() + "=" +
                   (it.value().is_string() ? it.value().get<std::string>() : it.value().dump());
            failing.push_back(d);
          }
        if (!failing.empty()) {
          t << " (fails e.g.\\ at ";
          for (std::size_t i = 0; i < failing.size(); ++i)
            t << (i ? "; " : "") << "\\texttt{" << breakable(latex_escape(round_numbers(failing[i]))) << "}";
          t << ")";
        }
        t << ". ";
      }
    }
    const json& p = o.protocol;
    if (p.is_object() && p.contains("probability") && p["probability"].is_object()) {
      const json& pr = p["probability"];
      t << "Under the paper's protocol (" << latex_escape(p.value("statistic", std::string())) << " over its "
        << (p.contains("seeds") && p["seeds"].is_array() ? p["seeds"].size() : 5)
        << " seeds) the probability of reporting a value in the paper's range is "
        << fmt_num(pr.value("estimate", 0.0), 3) << " [" << fmt_num(pr.value("lo", 0.0), 3) << ", "
        << fmt_num(pr.value("hi", 0.0), 3) << "]";
      if (!p.value("rule", std::string()).empty())
        t << " (" << latex_escape(round_numbers(p.value("rule", std::string()))) << ")";
      t << ". ";
    }
    t << "\n";
  }
  t << "\\end{itemize}}\n\n";
}

void write_scope(std::ostream& t, const ReportContext& c) {
  section(t, "Scope of the certificates", "sec:dcrv-app-certificates");
  int whole = 0, partial = 0, open = 0;
  std::vector<const ClaimResult*> parts;
  for (const ClaimResult* cl : report_order(c.r)) {
    const json& cert = cl->certificate;
    if (!cert.is_object())
      continue;
    const bool proved = cert.value("status", std::string()) == "proved";
    const bool w = cert.contains("scope") && cert["scope"].is_object() && cert["scope"].value("whole", false);
    if (proved && w && cl->outcome.status == Status::certified)
      ++whole;
    else if (proved)
      ++partial, parts.push_back(cl);
    else
      ++open;
  }
  t << "\\noindent Interval branch and bound (MPFI) and exact rational evaluation, rechecked by a separate "
       "code path (\\texttt{dcrv recheck}: boxes by their recorded test at 30 more digits, identities at "
       "random "
       "exact points). Certified on the whole "
       "domain: "
    << whole << "; on part of it: " << partial << "; certificates that did not close: " << open
    << ". A claim proved on part of its domain stays \\emph{verified} and is shown with the part, never as "
       "certified.\n\n";
  if (c.r.claims.empty() || (whole + partial + open) == 0) {
    t << "This run did not certify (\\texttt{dcrv run -{}-certify}).\n\n";
    return;
  }
  if (!parts.empty()) {
    t << "{\\small\\begin{itemize}\\setlength{\\itemsep}{0pt}\n";
    std::size_t shown = 0;
    for (const ClaimResult* cl : parts) {
      if (++shown > 25) {
        t << "\\item \\ldots{} and " << parts.size() - 25 << " more (see the dossier).\n";
        break;
      }
      const json& sc = cl->certificate.value("scope", json::object());
      t << "\\item " << claim_ref(c, cl->id) << ": " << latex_escape(status_with_scope(*cl));
      if (!sc.value("gap", std::string()).empty())
        t << "; missing: " << latex_escape(sc.value("gap", std::string()));
      t << "\n";
    }
    t << "\\end{itemize}}\n\n";
  }
}

void write_reproduce(std::ostream& t, const ReportContext& c) {
  const RunInfo& ri = c.r.run;
  section(t, "How to reproduce this run", "sec:dcrv-app-reproduce");
  t << "\\noindent With the dcrv commit of the run (\\dcrvraw{run}{commit}), on a Debian machine:\n"
       "{\\small\\begin{verbatim}\n"
       "scripts/install-deps.sh && scripts/build.sh\n"
       "build/dcrv run --budget "
    << ri.budget << " --seed " << ri.seed << " --digits " << ri.digits << " --certify";
  if (ri.filter != "*" && !ri.filter.empty())
    t << " --filter '" << ri.filter << "'";
  for (const auto& ov : ri.overrides)
    t << " --set " << ov;
  t << " --json results.json\n"
       "build/dcrv report results.json --out report --pdf\n"
       "build/dcrv replay ID --from results.json   # any falsified claim's witness\n"
       "\\end{verbatim}}\n"
       "\\noindent The same seed, budget and build give the same results apart from timing fields. "
       "The dossier (\\texttt{dcrv-dossier.pdf}) holds every claim's evidence: trials, margins, witnesses in "
       "full, figures and times.\n\n";
}

} // namespace

void write_appendix(std::ostream& t, const ReportContext& c) {
  const FindingsOfRun& F = c.findings;
  t << "% dcrv-appendix.tex -- the machine verification of the paper's claims, to \\input in the paper.\n"
       "% Works with the paper's preamble as it is; \\input{dcrv-macros.tex} in the preamble gives colour.\n"
       "% Settings (define before the \\input): \\dcrvdir (directory of the dcrv files, with a trailing "
       "slash),\n"
       "% \\dcrvappsection / \\dcrvappsubsection (default \\section / \\subsection).\n"
       "% Generated by dcrv from a results file; do not edit by hand.\n"
       "\\providecommand{\\dcrvdir}{}\n"
       "\\providecommand{\\dcrvappsection}{\\section}\n"
       "\\providecommand{\\dcrvappsubsection}{\\subsection}\n"
       "\\ifdefined\\dcrvvalue\\else\\input{\\dcrvdir dcrv-macros.tex}\\fi\n"
       "\\dcrvappsection{Machine verification of the claims (dcrv)}\\label{sec:dcrv-appendix}\n";
  write_summary(t, c);
  write_findings(t, c);
  write_underspecified(t, c);
  write_scope(t, c);
  write_reproduce(t, c);
  t << "\\paragraph{Closing note.} " << counted(F.findings.size(), "finding") << " with " << repairs_text(F)
    << "; " << counted(F.uncovered.size(), "falsified claim") << " without a finding yet.\n";
}

} // namespace dcrv
