#include "reports/claim_figures.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <map>
#include <set>
#include <sstream>

#include "reports/latex.hpp"

namespace dcrv {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// Line colours, in order (explicit, so that a ribbon takes its line's colour; xcolor names only).
std::string colour(std::size_t j) {
  static const char* c[] = {"blue",   "red",           "green!55!black", "orange!90!black",
                            "violet", "cyan!65!black", "brown",          "gray"};
  return c[j % (sizeof c / sizeof c[0])];
}
/// Marks of the rows a ternary axis marks, in order.
std::string mark_shape(std::size_t j) {
  static const char* m[] = {"o", "*", "square*", "triangle*", "diamond*"};
  return m[j % (sizeof m / sizeof m[0])];
}
/// A token usable as a file name and a pgfplots column name: letters and digits only.
std::string token(const std::string& s) {
  std::string out;
  for (char c : s)
    out += std::isalnum(static_cast<unsigned char>(c)) ? c : 'x';
  return out.empty() ? std::string("x") : out;
}
std::string dat_num(double d) {
  if (!std::isfinite(d))
    return "nan";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.12g", d);
  return buf;
}
std::string tex_num(double d, int digits = 3) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*g", digits, d);
  return buf;
}
/// The heatmaps' colour map (viridis-like stops, equally spaced) and the colour of a value t in [0, 1] on it,
/// computed here exactly as pgfplots interpolates it for the colour bar.
constexpr const char* kColormap =
    "rgb255=(68,1,84) rgb255=(59,82,139) rgb255=(33,145,140) rgb255=(94,201,98) rgb255=(253,231,37)";
std::string colour_at(double t) {
  static const int stops[5][3] = {{68, 1, 84}, {59, 82, 139}, {33, 145, 140}, {94, 201, 98}, {253, 231, 37}};
  t = std::isfinite(t) ? std::clamp(t, 0.0, 1.0) : 0.0;
  const double u = t * 4;
  const int k = std::min(3, static_cast<int>(u));
  const double f = u - k;
  std::ostringstream c;
  c << "fill={rgb,255:red," << std::lround(stops[k][0] + f * (stops[k + 1][0] - stops[k][0])) << ";green,"
    << std::lround(stops[k][1] + f * (stops[k + 1][1] - stops[k][1])) << ";blue,"
    << std::lround(stops[k][2] + f * (stops[k + 1][2] - stops[k][2])) << "}";
  return c.str();
}
/// A value in scientific notation for a cell: "$3.3\\cdot10^{-4}$".
std::string sci_tex(double v) {
  if (!(v > 0) || !std::isfinite(v))
    return tex_num(v, 2);
  int e = static_cast<int>(std::floor(std::log10(v)));
  std::string m = tex_num(v / std::pow(10.0, e), 2);
  if (m == "10") // 9.96 rounds up: one more decade
    m = "1", ++e;
  return "$" + m + "\\cdot10^{" + std::to_string(e) + "}$";
}
double value_of(const json& v) {
  return v.is_number() ? v.get<double>() : kNaN;
}
/// Text that LaTeX accepts in a label: the spec's labels are LaTeX; only refuse characters that break a
/// key=value list or a group.
std::string clean(const std::string& s) {
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
std::string label(const json& a, const char* key) {
  return a.contains(key) && a[key].is_string() ? clean(a[key].get<std::string>()) : std::string();
}
/// An array of strings under key (a non-string entry reads as "").
std::vector<std::string> strings(const json& a, const char* key) {
  std::vector<std::string> out;
  if (a.contains(key) && a[key].is_array())
    for (const auto& v : a[key])
      out.push_back(v.is_string() ? v.get<std::string>() : std::string());
  return out;
}
std::string kind_of(const json& a) {
  return a.value("kind", std::string("xy"));
}
/// The axes of a figure: its panels, each with the figure's keys (title and layout aside) as defaults, or the
/// figure itself.
std::vector<json> axes_of(const json& fig) {
  if (!fig.contains("panels"))
    return {fig};
  std::vector<json> out;
  for (const auto& p : fig["panels"]) {
    json a = fig;
    a.erase("panels");
    a.erase("title");
    a.erase("columns");
    if (p.is_object())
      for (auto it = p.begin(); it != p.end(); ++it)
        a[it.key()] = it.value();
    out.push_back(a);
  }
  return out;
}
/// The ribbon (lo, hi) columns of y[j], or empty strings.
std::pair<std::string, std::string> ribbon_of(const json& a, std::size_t j) {
  if (!a.contains("bands") || !a["bands"].is_array() || j >= a["bands"].size())
    return {};
  const json& b = a["bands"][j];
  if (!b.is_object())
    return {};
  return {b.value("lo", std::string()), b.value("hi", std::string())};
}
std::string err_of(const json& a, std::size_t j) {
  if (!a.contains("err") || !a["err"].is_array() || j >= a["err"].size() || !a["err"][j].is_string())
    return "";
  return a["err"][j].get<std::string>();
}
/// The columns an xy axis reads, in .dat order: x, y…, the interval edges, the ribbons' edges, the error
/// bars.
std::vector<std::string> xy_columns(const json& a) {
  std::vector<std::string> cols{a.value("x", std::string())};
  const auto ys = strings(a, "y");
  cols.insert(cols.end(), ys.begin(), ys.end());
  if (a.contains("band") && a["band"].is_object()) {
    cols.push_back(a["band"].value("lo", std::string()));
    cols.push_back(a["band"].value("hi", std::string()));
  }
  for (std::size_t j = 0; j < ys.size(); ++j) {
    const auto [lo, hi] = ribbon_of(a, j);
    if (!lo.empty() || !hi.empty())
      cols.push_back(lo), cols.push_back(hi);
    if (const std::string e = err_of(a, j); !e.empty())
      cols.push_back(e);
  }
  return cols;
}
std::vector<std::string> ternary_columns(const json& a) {
  std::vector<std::string> cols;
  for (const char* k : {"a", "b", "c"}) {
    const auto v = strings(a, k);
    cols.insert(cols.end(), v.begin(), v.end());
  }
  return cols;
}
/// "" when every column exists, holds numbers or nulls, and all have one nonzero length (set in n).
std::string columns_problem(const json& series, const std::vector<std::string>& cols, std::size_t& n) {
  bool first = true;
  for (const std::string& c : cols) {
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
  return "";
}
std::string axis_problem(const json& series, const json& a) {
  if (!a.is_object())
    return "a figure must be an object";
  const std::string kind = kind_of(a);
  std::size_t n = 0;
  if (kind == "xy") {
    if (!a.contains("x") || !a["x"].is_string())
      return "figure needs \"x\": a column name";
    if (!a.contains("y") || !a["y"].is_array() || a["y"].empty())
      return "figure needs \"y\": column names";
    if (a.contains("bands")) {
      if (!a["bands"].is_array())
        return "\"bands\" must be an array";
      for (const auto& b : a["bands"])
        if (!b.is_null() && !(b.is_object() && b.contains("lo") && b["lo"].is_string() && b.contains("hi") &&
                              b["hi"].is_string()))
          return "a band must be null or {\"lo\": column, \"hi\": column}";
    }
    if (a.contains("err")) {
      if (!a["err"].is_array())
        return "\"err\" must be an array";
      for (const auto& e : a["err"])
        if (!e.is_null() && !e.is_string())
          return "an error-bar entry must be null or a column name";
    }
    if (a.contains("vlines")) {
      if (!a["vlines"].is_array())
        return "\"vlines\" must be an array";
      for (const auto& v : a["vlines"])
        if (!v.is_object() || !v.contains("at") || !v["at"].is_number())
          return "a vline must be {\"at\": number, \"label\": text}";
    }
    if (a.contains("xticklabels") && !a["xticklabels"].is_array())
      return "\"xticklabels\" must be an array of labels";
    if (const std::string p = columns_problem(series, xy_columns(a), n); !p.empty())
      return p;
    const std::string style = a.value("style", std::string("line"));
    if (style != "line" && style != "marks" && style != "bars" && style != "histogram")
      return "style must be line, marks, bars or histogram";
    return "";
  }
  if (kind == "ternary") {
    const auto A = strings(a, "a"), B = strings(a, "b"), C = strings(a, "c");
    if (A.empty() || A.size() != B.size() || A.size() != C.size())
      return "a ternary axis needs \"a\", \"b\", \"c\": column names, as many of each";
    if (const std::string p = columns_problem(series, ternary_columns(a), n); !p.empty())
      return p;
    if (a.contains("mark_rows")) {
      if (!a["mark_rows"].is_array())
        return "\"mark_rows\" must be an array of row numbers";
      for (const auto& r : a["mark_rows"])
        if (!r.is_number_integer() || r.get<long>() < 0 || r.get<std::size_t>() >= n)
          return "a marked row is not a row of the columns";
    }
    return "";
  }
  if (kind == "heatmap") {
    for (const char* k : {"x", "y", "z"})
      if (!a.contains(k) || !a[k].is_string())
        return std::string("a heatmap needs \"") + k + "\": a column name";
    const std::vector<std::string> cols = {a["x"].get<std::string>(), a["y"].get<std::string>(),
                                           a["z"].get<std::string>()};
    if (const std::string p = columns_problem(series, cols, n); !p.empty())
      return p;
    std::set<double> xs, ys;
    std::set<std::pair<double, double>> cells;
    for (std::size_t i = 0; i < n; ++i) {
      const double x = value_of(series[cols[0]][i]), y = value_of(series[cols[1]][i]),
                   z = value_of(series[cols[2]][i]);
      if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(z))
        return "heatmap cells need finite x, y and z";
      xs.insert(x), ys.insert(y), cells.insert({x, y});
    }
    if (cells.size() != n || xs.size() * ys.size() != n)
      return "heatmap cells must fill a grid, each cell once";
    return "";
  }
  return "kind must be xy, ternary or heatmap";
}

/// Writes a .dat (columns c0, c1, …) and records its path.
void write_dat(const std::string& dir, const std::string& name, const std::string& what,
               const std::vector<std::vector<double>>& cols, std::vector<std::string>& files) {
  std::ostringstream d;
  d << "# dcrv: " << what << "\n";
  for (std::size_t j = 0; j < cols.size(); ++j)
    d << (j ? " " : "") << "c" << j;
  d << "\n";
  const std::size_t n = cols.empty() ? 0 : cols[0].size();
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < cols.size(); ++j)
      d << (j ? " " : "") << dat_num(i < cols[j].size() ? cols[j][i] : kNaN);
    d << "\n";
  }
  const std::string path = (fs::path(dir) / name).string();
  write_file_atomic(path, d.str());
  files.push_back(path);
}
std::vector<double> column(const json& series, const std::string& c) {
  std::vector<double> v;
  for (const auto& x : series[c])
    v.push_back(value_of(x));
  return v;
}

/// How an axis is placed: alone (wide, legend to the right) or as a panel (legend below).
struct Placement {
  bool panel = false;
  double width = 0.8; // × \linewidth
};
std::string legend_style(const Placement& pl, std::size_t entries) {
  if (!pl.panel)
    return "legend style={font=\\scriptsize, at={(1.02,1)}, anchor=north west}";
  return std::string("legend style={font=\\tiny, at={(0.5,-0.3)}, anchor=north, draw=none, legend columns=") +
         (entries <= 3 ? "-1" : "2") + "}";
}
std::string common_options(const json& a, const Placement& pl, double height_cm) {
  std::ostringstream o;
  o << "width=" << tex_num(pl.width) << "\\linewidth, height=" << tex_num(height_cm) << "cm";
  if (pl.panel && !label(a, "title").empty())
    o << ", title={" << label(a, "title") << "}, title style={font=\\footnotesize}";
  o << ", tick label style={font=\\scriptsize, /pgf/number format/precision=4}, label "
       "style={font=\\footnotesize}";
  return o.str();
}
std::string legend_entry(const std::vector<std::string>& legend, std::size_t j) {
  if (j >= legend.size() || legend[j].empty())
    return "";
  return "\\addlegendentry{" + clean(legend[j]) + "}\n";
}

std::string xy_axis(const json& series, const json& a, const std::string& base, const Placement& pl,
                    const std::string& dir, std::vector<std::string>& files) {
  const auto cols = xy_columns(a);
  std::map<std::string, std::size_t> at; // column name -> first .dat index
  std::vector<std::vector<double>> data;
  for (const auto& c : cols) {
    at.emplace(c, data.size());
    data.push_back(column(series, c));
  }
  write_dat(dir, base + ".dat", "figure data (" + base + ")", data, files);
  const std::string name = base + ".dat";
  const auto ys = strings(a, "y");
  const auto legend = strings(a, "legend");
  const std::size_t ny = ys.size();
  const bool logx = a.value("logx", false), logy = a.value("logy", false);
  const std::string style = a.value("style", std::string("line"));
  const bool bars = style == "bars" || style == "histogram";
  const auto ticks = strings(a, "xticklabels");
  const std::vector<double>& x = data[0];

  std::ostringstream o;
  o << "\\begin{tikzpicture}\n\\begin{axis}[" << common_options(a, pl, pl.panel ? 4.3 : 5.5)
    << (logx ? ", xmode=log" : "") << (logy ? ", ymode=log" : "") << ", xlabel={" << label(a, "xlabel")
    << "}, ylabel={" << label(a, "ylabel") << "}, unbounded coords=jump, "
    << legend_style(pl, ny + (a.contains("vlines") ? a["vlines"].size() : 0));
  if (!ticks.empty()) {
    o << ", xtick={";
    for (std::size_t i = 0; i < ticks.size(); ++i)
      o << (i ? "," : "") << i;
    o << "}, xticklabels={";
    for (std::size_t i = 0; i < ticks.size(); ++i)
      o << (i ? "," : "") << "{" << clean(ticks[i]) << "}";
    o << "}, x tick label style={rotate=30, anchor=north east, font=\\tiny}, enlarge x limits=0.12";
  }
  if (style == "marks" && ticks.empty())
    o << ", enlarge x limits=0.08";
  if (bars) {
    double w = 0.6 / static_cast<double>(ny); // categories at 0, 1, …
    if (style == "histogram") {
      double dx = std::numeric_limits<double>::infinity();
      for (std::size_t i = 1; i < x.size(); ++i)
        if (std::isfinite(x[i] - x[i - 1]) && std::abs(x[i] - x[i - 1]) > 0)
          dx = std::min(dx, std::abs(x[i] - x[i - 1]));
      w = std::isfinite(dx) ? 0.9 * dx : 1.0;
      o << ", ymin=0, enlarge x limits=0.03";
    }
    o << ", ybar, bar width=" << dat_num(w);
  }
  o << "]\n";

  // ribbons: one polygon per band, x forward along hi and back along lo (non-finite points discarded)
  if (!bars && a.contains("bands")) {
    double floor = std::numeric_limits<double>::infinity(); // log axes: edges <= 0 drawn at the smallest y
    if (logy)
      for (std::size_t j = 0; j < ny; ++j)
        for (double v : data[at[ys[j]]])
          if (v > 0)
            floor = std::min(floor, v);
    std::vector<std::vector<double>> poly{{}};
    std::vector<std::size_t> which;
    for (std::size_t i = 0; i < x.size(); ++i)
      poly[0].push_back(x[i]);
    for (std::size_t i = x.size(); i-- > 0;)
      poly[0].push_back(x[i]);
    for (std::size_t j = 0; j < ny; ++j) {
      const auto [lo, hi] = ribbon_of(a, j);
      if (lo.empty())
        continue;
      const auto& L = data[at[lo]];
      const auto& H = data[at[hi]];
      auto edge = [&](double v) { return logy && !(v > 0) ? (std::isfinite(floor) ? floor : kNaN) : v; };
      std::vector<double> p;
      for (std::size_t i = 0; i < x.size(); ++i)
        p.push_back(edge(H[i]));
      for (std::size_t i = x.size(); i-- > 0;)
        p.push_back(edge(L[i]));
      poly.push_back(p);
      which.push_back(j);
    }
    if (!which.empty()) {
      const std::string rname = base + "-ribbon.dat";
      write_dat(dir, rname, "ribbons (x forward with the upper edge, back with the lower) of " + base, poly,
                files);
      for (std::size_t k = 0; k < which.size(); ++k)
        o << "\\addplot[draw=none, fill=" << colour(which[k])
          << ", fill opacity=0.18, forget plot, unbounded coords=discard] table[x=c0, y=c" << k + 1
          << "] {\\dcrvdir " << rname << "} -- cycle;\n";
    }
  }
  if (a.contains("band") && a["band"].is_object()) { // the interval's edges, dashed
    for (const std::string& e : {a["band"].value("lo", std::string()), a["band"].value("hi", std::string())})
      o << "\\addplot[densely dashed, gray, mark=none, forget plot] table[x=c0, y=c" << at[e]
        << "] {\\dcrvdir " << name << "};\n";
  }
  for (std::size_t j = 0; j < ny; ++j) {
    const std::string c = colour(j), e = err_of(a, j);
    std::string opts = style == "marks" ? "color=" + c + ", only marks, mark=*, mark size=1.4pt"
                       : bars           ? "fill=" + c + "!45, draw=" + c + "!80!black"
                                        : "color=" + c + ", mark=none, semithick";
    if (!e.empty())
      opts += ", error bars/.cd, y dir=both, y explicit";
    o << "\\addplot[" << opts << "] table[x=c0, y=c" << at[ys[j]];
    if (!e.empty())
      o << ", y error=c" << at[e];
    o << "] {\\dcrvdir " << name << "};\n" << legend_entry(legend, j);
  }
  if (a.contains("vlines")) {
    std::size_t k = 0;
    for (const auto& v : a["vlines"]) {
      const double at_x = v["at"].get<double>();
      if (logx && !(at_x > 0))
        continue;
      const std::string c = k++ % 2 ? "black!70" : "magenta!80!black";
      o << "\\draw[densely dashed, " << c << "] ({axis cs:" << dat_num(at_x)
        << ",1} |- {rel axis cs:0,0}) -- ({axis cs:" << dat_num(at_x) << ",1} |- {rel axis cs:0,1});\n";
      if (v.contains("label") && v["label"].is_string())
        o << "\\addlegendimage{line legend, densely dashed, " << c << "}\n\\addlegendentry{"
          << clean(v["label"].get<std::string>()) << "}\n";
    }
  }
  o << "\\end{axis}\n\\end{tikzpicture}";
  return o.str();
}

std::string ternary_axis(const json& series, const json& a, const std::string& base, const Placement& pl,
                         const std::string& dir, std::vector<std::string>& files) {
  const auto A = strings(a, "a"), B = strings(a, "b"), C = strings(a, "c");
  const auto legend = strings(a, "legend");
  std::vector<std::vector<double>> data;
  const double h = std::sqrt(3.0) / 2;
  for (std::size_t j = 0; j < A.size(); ++j) {
    const auto ca = column(series, A[j]), cb = column(series, B[j]), cc = column(series, C[j]);
    std::vector<double> px, py;
    for (std::size_t i = 0; i < ca.size(); ++i) {
      const double s = ca[i] + cb[i] + cc[i];
      const bool ok = std::isfinite(s) && s > 0;
      px.push_back(ok ? (cb[i] + 0.5 * cc[i]) / s : kNaN);
      py.push_back(ok ? h * cc[i] / s : kNaN);
    }
    data.push_back(px), data.push_back(py);
  }
  const std::string name = base + ".dat";
  write_dat(dir, name,
            "cluster-simplex trajectories (x = b + c/2, y = (sqrt 3/2) c of the normalised masses) of " +
                base,
            data, files);
  auto corners = strings(a, "corners");
  corners.resize(3);
  const auto marks = a.contains("mark_rows") ? a["mark_rows"] : json::array();
  const auto mark_legend = strings(a, "mark_legend");
  Placement tp = pl;
  if (!pl.panel)
    tp.width = 0.62;
  std::ostringstream o;
  o << "\\begin{tikzpicture}\n\\begin{axis}[" << common_options(a, tp, tp.panel ? 5.2 : 7.0)
    << ", axis equal image, hide axis, xmin=-0.1, xmax=1.1, ymin=-0.1, ymax=0.95, clip=false, "
       "legend style={font=\\tiny, at={(1.0,1.0)}, anchor=north west, draw=none}]\n"
    << "\\draw[black!60] (axis cs:0,0) -- (axis cs:1,0) -- (axis cs:0.5," << dat_num(h) << ") -- cycle;\n"
    << "\\node[anchor=north east, font=\\footnotesize] at (axis cs:0,0) {" << clean(corners[0]) << "};\n"
    << "\\node[anchor=north west, font=\\footnotesize] at (axis cs:1,0) {" << clean(corners[1]) << "};\n"
    << "\\node[anchor=south, font=\\footnotesize] at (axis cs:0.5," << dat_num(h) << ") {"
    << clean(corners[2]) << "};\n";
  // the first trajectory (e.g. the ensemble's mean) drawn last and thick, over the others (thin, translucent)
  for (std::size_t n = 0; n < A.size(); ++n) {
    const std::size_t j = (n + 1) % A.size();
    o << "\\addplot[color=" << colour(j) << ", mark=none, " << (j == 0 ? "very thick" : "thin, opacity=0.55")
      << "] table[x=c" << 2 * j << ", y=c" << 2 * j + 1 << "] {\\dcrvdir " << name << "};\n"
      << legend_entry(legend, j);
  }
  std::size_t k = 0;
  for (const auto& r : marks) {
    const std::size_t row = r.get<std::size_t>();
    o << "\\addplot[only marks, mark=" << mark_shape(k) << ", mark size=1.8pt, black] coordinates {";
    for (std::size_t j = 0; j < A.size(); ++j)
      if (std::isfinite(data[2 * j][row]) && std::isfinite(data[2 * j + 1][row]))
        o << "(" << dat_num(data[2 * j][row]) << "," << dat_num(data[2 * j + 1][row]) << ")";
    o << "};\n" << legend_entry(mark_legend, k);
    ++k;
  }
  o << "\\end{axis}\n\\end{tikzpicture}";
  return o.str();
}

std::string heatmap_axis(const json& series, const json& a, const std::string& base, const Placement& pl,
                         const std::string& dir, std::vector<std::string>& files) {
  const auto X = column(series, a["x"].get<std::string>()), Y = column(series, a["y"].get<std::string>()),
             Z = column(series, a["z"].get<std::string>());
  const bool logz = a.value("logz", false);
  std::vector<double> xs(X), ys(Y);
  std::sort(xs.begin(), xs.end());
  xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
  std::sort(ys.begin(), ys.end());
  ys.erase(std::unique(ys.begin(), ys.end()), ys.end());
  auto index = [](const std::vector<double>& v, double x) {
    return static_cast<double>(std::lower_bound(v.begin(), v.end(), x) - v.begin());
  };
  // rows in grid order (x varies fastest)
  std::vector<std::size_t> order(X.size());
  for (std::size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t p, std::size_t q) {
    return std::make_pair(Y[p], X[p]) < std::make_pair(Y[q], X[q]);
  });
  std::vector<std::vector<double>> data(6);
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (std::size_t i : order) {
    const double meta = logz ? std::log10(std::max(Z[i], 1e-300)) : Z[i];
    data[0].push_back(X[i]), data[1].push_back(Y[i]), data[2].push_back(Z[i]);
    data[3].push_back(index(xs, X[i])), data[4].push_back(index(ys, Y[i])), data[5].push_back(meta);
    lo = std::min(lo, meta), hi = std::max(hi, meta);
  }
  const std::string name = base + ".dat";
  write_dat(dir, name, "heatmap cells (x, y, z, column, row, colour value) of " + base, data, files);
  Placement hp = pl;
  hp.width = pl.width * 0.82; // room for the colour bar
  std::string zlabel = label(a, "zlabel");
  if (logz)
    zlabel = "$\\log_{10}$ " + zlabel;
  if (!(hi > lo)) // one colour: a range around it
    lo -= 1, hi += 1;
  std::ostringstream o;
  o << "\\begin{tikzpicture}\n\\begin{axis}[" << common_options(a, hp, pl.panel ? 4.6 : 6.0) << ", xlabel={"
    << label(a, "xlabel") << "}, ylabel={" << label(a, "ylabel") << "}, xmin=-0.5, xmax=" << xs.size() - 0.5
    << ", ymin=-0.5, ymax=" << ys.size() - 0.5 << ", axis on top, colormap={dcrv}{" << kColormap
    << "}, colorbar, point meta min=" << dat_num(lo) << ", point meta max=" << dat_num(hi)
    << ", colorbar style={width=0.25cm, ylabel={" << zlabel
    << "}, ylabel style={font=\\scriptsize}, yticklabel style={font=\\tiny}}, xtick={";
  for (std::size_t i = 0; i < xs.size(); ++i)
    o << (i ? "," : "") << i;
  o << "}, xticklabels={";
  for (std::size_t i = 0; i < xs.size(); ++i)
    o << (i ? "," : "") << tex_num(xs[i]);
  o << "}, ytick={";
  for (std::size_t i = 0; i < ys.size(); ++i)
    o << (i ? "," : "") << i;
  o << "}, yticklabels={";
  for (std::size_t i = 0; i < ys.size(); ++i)
    o << (i ? "," : "") << tex_num(ys[i]);
  o << "}]\n";
  // the cells as filled rectangles in the colour map's colour of their value (exactly the colour bar's), the
  // value printed in each
  for (std::size_t i = 0; i < data[0].size(); ++i) {
    const double ix = data[3][i], iy = data[4][i];
    const double t = (data[5][i] - lo) / (hi - lo); // white text on the dark end of the map
    o << "\\fill[" << colour_at(t) << "] (axis cs:" << ix - 0.5 << "," << iy - 0.5
      << ") rectangle (axis cs:" << ix + 0.5 << "," << iy + 0.5 << ");\n"
      << "\\node[font=\\tiny, text=" << (t < 0.55 ? "white" : "black") << "] at (axis cs:" << ix << "," << iy
      << ") {" << (logz ? sci_tex(data[2][i]) : tex_num(data[2][i])) << "};\n";
  }
  // an invisible plot carrying the value range, so that the colour bar is drawn
  o << "\\addplot[draw=none, mark=none, forget plot, point meta=explicit] coordinates {(0,0) [" << dat_num(lo)
    << "] (0,0) [" << dat_num(hi) << "]};\n"
    << "\\end{axis}\n\\end{tikzpicture}";
  return o.str();
}

std::string render_axis(const json& series, const json& a, const std::string& base, const Placement& pl,
                        const std::string& dir, std::vector<std::string>& files) {
  const std::string kind = kind_of(a);
  if (kind == "ternary")
    return ternary_axis(series, a, base, pl, dir, files);
  if (kind == "heatmap")
    return heatmap_axis(series, a, base, pl, dir, files);
  return xy_axis(series, a, base, pl, dir, files);
}

/// A texttt ID that may break after '-', '.', '~', '/'.
std::string breakable_tt(const std::string& id) {
  std::string out = "\\texttt{";
  std::string chunk;
  for (char c : id) {
    chunk += c;
    if (c == '-' || c == '.' || c == '~' || c == '/') {
      out += latex_escape(chunk) + "\\allowbreak{}";
      chunk.clear();
    }
  }
  return out + latex_escape(chunk) + "}";
}

/// The verdict written in an experiment's evidence line ("…); claim <side>: <status>; …").
std::string status_in(const std::string& v) {
  const std::size_t claim = v.find("); claim ");
  std::size_t best = std::string::npos;
  std::string status;
  for (const char* s : {"verified", "falsified", "inconclusive"}) {
    const std::size_t at = v.find(std::string(": ") + s, claim == std::string::npos ? 0 : claim);
    if (at < best)
      best = at, status = s;
  }
  return status;
}

void write_paper_beside(std::ostream& t, const Results& r) {
  std::ostringstream rows;
  int count = 0;
  for (const auto& c : r.claims) {
    const json& series = c.outcome.series;
    if (!series.is_object())
      continue;
    // each row to the experiment whose evidence line holds its text, one experiment per row (experiments with
    // the same figures have the same text: they are told apart by their labels and verdicts only); rows in
    // the order of the experiments' labels
    std::set<std::string> used;
    std::vector<std::pair<std::string, std::string>> out; // (experiment label, row)
    for (auto it = series.begin(); it != series.end(); ++it) {
      if (it.key().rfind("paper_beside/", 0) != 0 || !it.value().is_object())
        continue;
      const json& row = it.value();
      auto text = [&](const char* k) {
        return row.contains(k) && row[k].is_string() ? row[k].get<std::string>() : std::string();
      };
      const std::string line = text("line");
      std::string experiment, status;
      for (const auto& [k, v] : c.outcome.evidence.details)
        if (k.rfind("experiment ", 0) == 0 && !line.empty() && !used.count(k) &&
            v.find(line) != std::string::npos) {
          used.insert(k);
          experiment = k.substr(11);
          status = status_in(v);
          break;
        }
      if (status.empty())
        status = to_string(c.outcome.status);
      const std::string colour_name = status == "not-checkable" ? "dcrvnotcheckable" : "dcrv" + status;
      std::ostringstream o;
      o << breakable_tt(c.id) << " & " << latex_escape(experiment) << " & " << latex_escape(text("paper"))
        << " & " << latex_escape(text("five")) << " & " << latex_escape(text("statistic")) << ": "
        << latex_escape(text("dcrv")) << " & \\textcolor{" << colour_name << "}{" << latex_escape(status)
        << "}\\\\\n";
      out.emplace_back(experiment, o.str());
    }
    std::stable_sort(out.begin(), out.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    for (const auto& e : out)
      rows << e.second;
    count += static_cast<int>(out.size());
  }
  if (count == 0)
    return;
  t << "\\dcrvsection{Empirical claims: the paper's value beside dcrv's}\n"
    << "Per experiment of each empirical claim (" << count
    << " rows): the value the paper reports from its five seeds, dcrv's value on the seeds 101, 202, 303, "
       "404, "
       "505 (dcrv's own streams, path 0 of each), dcrv's estimate over all its seeds with its interval (at "
       "the "
       "experiment's level; the number of seeds is the run's budget: 1024 per configuration at the standard "
       "budget, a quarter of that per cell for the 12-cell grid), and the experiment's verdict.\n"
    << "{\\scriptsize\\setlength{\\tabcolsep}{3pt}\n"
       "\\begin{longtable}{@{}p{2.6cm}p{1.7cm}p{2.5cm}p{2.9cm}p{5.0cm}p{1.3cm}@{}}\n\\toprule\n"
       "Claim & Experiment & Paper (5 seeds) & dcrv, seeds 101..505 & dcrv, all seeds: estimate [interval] & "
       "Verdict\\\\\\midrule\n\\endhead\n"
    << rows.str() << "\\bottomrule\n\\end{longtable}}\n\n";
}
} // namespace

std::string figure_spec_problem(const json& series, const json& fig) {
  if (!fig.is_object())
    return "a figure must be an object";
  if (!fig.contains("panels"))
    return axis_problem(series, fig);
  if (!fig["panels"].is_array() || fig["panels"].empty())
    return "\"panels\" must be a nonempty array of axes";
  int k = 0;
  for (const json& a : axes_of(fig)) {
    ++k;
    if (!fig["panels"][k - 1].is_object())
      return "panel " + std::to_string(k) + ": a panel must be an object";
    if (const std::string p = axis_problem(series, a); !p.empty())
      return "panel " + std::to_string(k) + ": " + p;
  }
  return "";
}

void write_claim_figures(std::ostream& t, const Results& r, const std::string& dir,
                         std::vector<std::string>& data_files) {
  write_paper_beside(t, r);
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
      const std::string base = "fig-" + token(c.id) + "-" + std::to_string(k);
      const auto axes = axes_of(fig);
      std::vector<std::string> names;
      body << "\\begin{figure}[!htbp]\n\\centering\n";
      if (!fig.contains("panels")) {
        body << render_axis(series, fig, base, Placement{}, dir, data_files) << "\n";
        names.push_back(base + ".dat");
      } else {
        const int columns =
            std::max(1, fig.value("columns", std::min<int>(2, static_cast<int>(axes.size()))));
        const Placement pl{true, 0.97 / columns - 0.02};
        for (std::size_t p = 0; p < axes.size(); ++p) {
          const std::string pb = base + "-" + std::to_string(p + 1);
          body << render_axis(series, axes[p], pb, pl, dir, data_files)
               << ((p + 1) % columns == 0 || p + 1 == axes.size() ? "\n\n\\medskip\n" : "\\hfill\n");
          names.push_back(pb + ".dat");
        }
      }
      body << "\\caption{\\texttt{" << latex_escape(c.id) << "}: " << label(fig, "title")
           << " (data: \\texttt{" << latex_escape(names.size() == 1 ? names[0] : base + "-*.dat")
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
