#include "reports/claim_figures.hpp"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <sstream>

#include "reports/latex.hpp"

namespace dcrv {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {
/// A token usable as a file name and a pgfplots column name: letters and digits only.
std::string token(const std::string& s) {
  std::string out;
  for (char c : s)
    out += std::isalnum(static_cast<unsigned char>(c)) ? c : 'x';
  return out.empty() ? std::string("x") : out;
}
std::string dat_value(const json& v) {
  if (!v.is_number())
    return "nan";
  const double d = v.get<double>();
  if (!std::isfinite(d))
    return "nan";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.12g", d);
  return buf;
}
std::vector<std::string> columns_of(const json& fig) {
  std::vector<std::string> cols{fig.value("x", std::string())};
  if (fig.contains("y") && fig["y"].is_array())
    for (const auto& y : fig["y"])
      cols.push_back(y.is_string() ? y.get<std::string>() : std::string());
  if (fig.contains("band") && fig["band"].is_object()) {
    cols.push_back(fig["band"].value("lo", std::string()));
    cols.push_back(fig["band"].value("hi", std::string()));
  }
  return cols;
}
/// Text that LaTeX accepts in a label: the spec's labels are LaTeX; only refuse characters that break a
/// key=value list or a group.
std::string label(const json& fig, const char* key) {
  std::string s = fig.value(key, std::string());
  std::string out;
  int depth = 0;
  for (char c : s) {
    if (c == '{')
      ++depth;
    if (c == '}' && --depth < 0) {
      depth = 0;
      continue;
    }
    out += c;
  }
  out.append(static_cast<std::size_t>(depth), '}');
  return out;
}
} // namespace

std::string figure_spec_problem(const json& series, const json& fig) {
  if (!fig.is_object())
    return "a figure must be an object";
  if (!fig.contains("x") || !fig["x"].is_string())
    return "figure needs \"x\": a column name";
  if (!fig.contains("y") || !fig["y"].is_array() || fig["y"].empty())
    return "figure needs \"y\": column names";
  std::size_t n = 0;
  bool first = true;
  for (const std::string& c : columns_of(fig)) {
    if (c.empty())
      return "figure names an empty column";
    if (!series.contains(c) || !series[c].is_array())
      return "column '" + c + "' is not an array of the series";
    for (const auto& v : series[c])
      if (!v.is_number() && !v.is_null())
        return "column '" + c + "' holds a non-number";
    if (first)
      n = series[c].size(), first = false;
    if (series[c].size() != n)
      return "columns of one figure differ in length";
  }
  if (n == 0)
    return "figure columns are empty";
  const std::string style = fig.value("style", std::string("line"));
  if (style != "line" && style != "marks" && style != "bars")
    return "style must be line, marks or bars";
  return "";
}

void write_claim_figures(std::ostream& t, const Results& r, const std::string& dir,
                         std::vector<std::string>& data_files) {
  std::ostringstream body;
  int count = 0;
  for (const auto& c : r.claims) {
    const json& series = c.outcome.series;
    if (!series.is_object() || !series.contains("figures") || !series["figures"].is_array())
      continue;
    int k = 0;
    for (const json& fig : series["figures"]) {
      ++k;
      const std::string problem = figure_spec_problem(series, fig);
      if (!problem.empty()) {
        body << "\\noindent\\texttt{" << latex_escape(c.id) << "}: figure " << k << " not drawn ("
             << latex_escape(problem) << ").\n\n";
        continue;
      }
      const std::string name = "fig-" + token(c.id) + "-" + std::to_string(k) + ".dat";
      const auto cols = columns_of(fig);
      std::ostringstream d;
      d << "# dcrv: figure " << k << " of " << c.id << "\n";
      for (std::size_t j = 0; j < cols.size(); ++j)
        d << (j ? " " : "") << "c" << j;
      d << "\n";
      const std::size_t n = series[cols[0]].size();
      for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = 0; j < cols.size(); ++j)
          d << (j ? " " : "") << dat_value(series[cols[j]][i]);
        d << "\n";
      }
      const std::string path = (fs::path(dir) / name).string();
      write_file_atomic(path, d.str());
      data_files.push_back(path);

      const bool logx = fig.value("logx", false), logy = fig.value("logy", false);
      const std::string style = fig.value("style", std::string("line"));
      const std::size_t ny = fig["y"].size();
      body
          << "\\begin{figure}[!htbp]\n\\centering\n\\begin{tikzpicture}\n\\begin{axis}[width=0.8\\linewidth, "
             "height=5.5cm, "
          << (logx ? "xmode=log, " : "") << (logy ? "ymode=log, " : "") << "xlabel={" << label(fig, "xlabel")
          << "}, ylabel={" << label(fig, "ylabel")
          << "}, unbounded coords=jump, legend style={font=\\scriptsize, at={(1.01,1)}, anchor=north west}, "
             "tick label style={font=\\footnotesize}, label style={font=\\footnotesize}"
          << (style == "bars" ? ", ybar, bar width=4pt" : "") << "]\n";
      if (fig.contains("band")) { // the interval's edges, dashed (no pgfplots library beyond the core)
        for (std::size_t e : {1 + ny, 2 + ny})
          body << "\\addplot[densely dashed, gray, mark=none, forget plot] table[x=c0, y=c" << e
               << "] {\\dcrvdir " << name << "};\n";
      }
      for (std::size_t j = 0; j < ny; ++j) {
        const char* opts = style == "marks"  ? "only marks, mark size=1.2pt"
                           : style == "bars" ? "fill"
                                             : "mark=none";
        body << "\\addplot+[" << opts << "] table[x=c0, y=c" << (j + 1) << "] {\\dcrvdir " << name << "};\n";
      }
      if (fig.contains("legend") && fig["legend"].is_array()) {
        body << "\\legend{";
        std::size_t j = 0;
        for (const auto& l : fig["legend"]) {
          if (j++ >= ny)
            break;
          body << (j > 1 ? "," : "") << "{"
               << label(json{{"l", l.is_string() ? l.get<std::string>() : ""}}, "l") << "}";
        }
        body << "}\n";
      }
      body << "\\end{axis}\n\\end{tikzpicture}\n\\caption{\\texttt{" << latex_escape(c.id)
           << "}: " << label(fig, "title") << " (data: \\texttt{" << latex_escape(name)
           << "}).}\n\\end{figure}\n\n";
      ++count;
    }
  }
  if (body.str().empty())
    return;
  t << "\\dcrvsection{Figures of the checks}\n"
    << "Figures recorded by the checks (" << count
    << " figure(s)): measured convergence, distributions and trajectories, each with the data table it was "
       "drawn from.\n\n"
    << body.str() << "\\clearpage\n";
}

} // namespace dcrv
