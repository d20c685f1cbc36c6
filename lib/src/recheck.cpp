// The second checker of the interval certificates (dcrv/certify/recheck.hpp): the export of closed boxes and
// their recheck. The recheck does not call the branch and bound (lib/src/certify.cpp): each recorded test is
// written here once more, small, and evaluated at a higher precision.
#include "dcrv/certify/recheck.hpp"

#include "certify_constants.hpp"

#include <mpfr.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <sstream>
#include <stdexcept>

namespace dcrv::certify {

namespace {

/// The exact value of an MPFR number as a hexadecimal floating-point string.
std::string hex(const mpfr& v) {
  char* buf = nullptr;
  if (mpfr_asprintf(&buf, "%Ra", v.backend().data()) < 0 || !buf)
    throw std::runtime_error("mpfr_asprintf failed");
  std::string s(buf);
  mpfr_free_str(buf);
  return s;
}

/// The number written by `hex`, read exactly at the working precision (which is at least the export's).
mpfr from_hex(const std::string& s) {
  mpfr v;
  if (mpfr_set_str(v.backend().data(), s.c_str(), 0, MPFR_RNDN) != 0)
    throw std::invalid_argument("not an exact number at the working precision: " + s);
  return v;
}

bool at_most_zero(const Interval& g, bool strict) {
  return g.bounded() && (strict ? g.upper() < 0 : g.upper() <= 0);
}

/// The second-order test of certify/branch_and_bound.hpp, written anew: g(x*) ≤ 0, G_i(x*) d_i ≤ 0 on the
/// box, and the scaled Gershgorin rows of the Hessian enclosure ≤ 0 (every product as an interval).
std::string second_order(const Score& s, const Box& box, const std::vector<mpfr>& xs, const Constants& k) {
  const std::size_t n = box.size();
  Box at;
  for (const auto& v : xs)
    at.emplace_back(v);
  const SecondOrder p = s.second(at, k);
  if (!(p.value.bounded() && p.value.upper() <= 0))
    return "g(x*) = " + p.value.str(6) + " not <= 0";
  for (std::size_t i = 0; i < n; ++i)
    if (!box[i].is_point() && !((p.grad[i] * (box[i] - Interval(xs[i]))).upper() <= 0))
      return "the linear term of coordinate " + std::to_string(i) + " is not <= 0";
  const SecondOrder h = s.second(box, k);
  std::vector<Interval> sc(n, Interval(1));
  for (std::size_t i = 0; i < n; ++i) {
    const mpfr m = abs(h.hess[i * n + i].mid());
    if (m > 0)
      sc[i] = Interval(mpfr(1 / sqrt(m))); // any positive scaling is valid; the products are intervals
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (box[i].is_point())
      continue;
    Interval row = h.hess[i * n + i] * sc[i] * sc[i];
    for (std::size_t j = 0; j < n; ++j)
      if (j != i && !box[j].is_point())
        row += abs(h.hess[i * n + j]) * sc[i] * sc[j];
    if (!(row.bounded() && row.upper() <= 0))
      return "Gershgorin row " + std::to_string(i) + " = " + row.str(6) + " not <= 0";
  }
  return "";
}

/// Why the record does not hold ("" when it does).
std::string check_record(const Piece& piece, const std::string& test, const Box& box,
                         const nlohmann::json& faces, int attained, const Constants& k) {
  const Score& s = piece.score;
  if (test == "natural") {
    const Interval g = s.value(box, k);
    return at_most_zero(g, piece.strict) ? "" : "sup g = " + g.str(6) + " not <= 0";
  }
  if (test == "mean-value") {
    Box centre;
    for (const auto& x : box)
      centre.emplace_back(x.mid());
    Interval g = s.value(centre, k);
    const FirstOrder d = s.first(box, k);
    for (std::size_t i = 0; i < box.size(); ++i)
      g += d.grad[i] * (box[i] - centre[i]);
    return at_most_zero(g, piece.strict) ? "" : "mean-value form " + g.str(6) + " not <= 0";
  }
  if (test == "monotone") {
    const FirstOrder d = s.first(box, k);
    for (const auto& f : faces) {
      const int v = f.get<int>();
      const std::size_t i = static_cast<std::size_t>(std::abs(v) - 1);
      if (i >= box.size())
        return "face coordinate out of range";
      const bool ok = v > 0 ? d.grad[i].lower() > 0 : d.grad[i].upper() < 0;
      if (!ok)
        return "the partial derivative " + std::to_string(i) + " = " + d.grad[i].str(6) + " has no sign";
    }
    return faces.empty() ? "no face recorded" : "";
  }
  if (test == "second-order") {
    if (piece.strict)
      return "the second-order test does not prove a strict bound";
    if (attained < 0 || static_cast<std::size_t>(attained) >= piece.attained.size())
      return "no such attained point";
    std::vector<mpfr> xs(piece.attained[attained].begin(), piece.attained[attained].end());
    for (std::size_t i = 0; i < box.size(); ++i)
      if (!box[i].contains(xs[i]))
        return "the attained point is not in the box";
    return second_order(s, box, xs, k);
  }
  return "unknown test '" + test + "'";
}

/// A parsed record of a piece: a closed box, or a monotone step (the box and the faces it was reduced to).
struct Record {
  bool closed = true;
  Box box;
  std::vector<int> faces;
};

bool inside(const Box& inner, const Box& outer) {
  for (std::size_t i = 0; i < inner.size(); ++i)
    if (inner[i].lower() < outer[i].lower() || inner[i].upper() > outer[i].upper())
      return false;
  return true;
}
bool same(const Box& a, const Box& b) {
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].lower() != b[i].lower() || a[i].upper() != b[i].upper())
      return false;
  return true;
}

/// Whether the records cover `b` ("" when they do, else a box they leave uncovered): a closed record contains
/// b, or a monotone record is b and its face is covered, or b cut in two (the bisection of the branch and
/// bound: the widest coordinate relative to the root, at the record boundary nearest its midpoint) has both
/// halves covered. Any cut is sound (both halves covered ⇒ b covered); the rule only finds the search's own.
std::string uncovered_part(const Box& b, const Box& root, const std::vector<const Record*>& recs, int depth) {
  for (const Record* r : recs)
    if (r->closed && inside(b, r->box))
      return "";
  auto text = [&b] {
    std::string t;
    for (const auto& x : b)
      t += (t.empty() ? "" : " x ") + x.str(8);
    return t;
  };
  if (depth > 200)
    return text();
  for (const Record* r : recs)
    if (!r->closed && same(r->box, b)) {
      Box face = b;
      for (int f : r->faces) {
        const std::size_t i = static_cast<std::size_t>(std::abs(f) - 1);
        face[i] = Interval(f > 0 ? b[i].upper() : b[i].lower());
      }
      std::vector<const Record*> sub;
      for (const Record* q : recs)
        if (q != r && inside(q->box, face))
          sub.push_back(q);
      return uncovered_part(face, root, sub, depth + 1);
    }
  if (recs.empty())
    return text();
  std::size_t wi = b.size();
  mpfr best = 0;
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (b[i].is_point())
      continue;
    const mpfr rw = root[i].width();
    const mpfr w = rw > 0 ? mpfr(b[i].width() / rw) : b[i].width();
    if (w > best)
      best = w, wi = i;
  }
  if (wi == b.size())
    return text();
  const mpfr m = b[wi].mid();
  mpfr cut = m, dist = -1;
  for (const Record* r : recs)
    for (const mpfr& e : {r->box[wi].lower(), r->box[wi].upper()})
      if (e > b[wi].lower() && e < b[wi].upper() && (dist < 0 || abs(e - m) < dist))
        cut = e, dist = abs(e - m);
  for (const bool upper : {false, true}) {
    Box half = b;
    half[wi] = upper ? Interval(cut, b[wi].upper()) : Interval(b[wi].lower(), cut);
    std::vector<const Record*> sub;
    for (const Record* q : recs)
      if (inside(q->box, half))
        sub.push_back(q);
    const std::string gap = uncovered_part(half, root, sub, depth + 1);
    if (!gap.empty())
      return gap;
  }
  return "";
}

// ---- the identity records: a digest of the grid and a Schwartz–Zippel recheck ----

constexpr std::uint64_t kFnvOffset = 0xcbf29ce484222325ull;

std::uint64_t fnv(std::uint64_t h, const std::string& text) {
  for (const unsigned char ch : text)
    h = (h ^ ch) * 0x100000001b3ull;
  return (h ^ 0xffu) * 0x100000001b3ull; // a separator, so that ("ab", "c") and ("a", "bc") differ
}

/// SplitMix64: the recheck's own generator (the certifier's guard points use an xorshift of their own).
struct SplitMix {
  std::uint64_t state;
  std::uint64_t operator()() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
};

std::string hex64(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

/// The components of `piece` at the exact point x (Exact arithmetic: a division by 0 throws).
std::vector<Rational> components_at(const IdentityPiece& piece, const std::vector<Rational>& x,
                                    const RationalConstants& k) {
  const std::vector<Exact> ex(x.begin(), x.end());
  std::vector<Rational> out;
  for (const auto& comp : piece.components(ex, k))
    out.push_back(ExactAccess::value(comp));
  return out;
}

bool undefined_here(const std::exception& e) {
  // Exact's division by 0 (std::domain_error) or GMP's (std::overflow_error): a denominator vanishes here
  return dynamic_cast<const std::domain_error*>(&e) || dynamic_cast<const std::overflow_error*>(&e);
}

/// The digest of an identity record: FNV-1a over the label, the variable count, the declared degree, the
/// constants and the residual's components at a fixed sample of kIdentityDigestPoints points of the
/// certifier's product grid (its corners and a deterministic spread; the grid of prove_identity:
/// IdentityPiece::grid or default_grid_value). A record whose label, degree, variable count or constants were
/// changed, or a residual that changed between the export and the recheck on these points, gives another
/// digest.
std::string grid_digest(const IdentityPiece& piece, const std::map<std::string, Rational>& constants,
                        const RationalConstants& k) {
  const std::size_t n = piece.variables;
  const int d = piece.degree;
  std::uint64_t h = fnv(kFnvOffset, piece.label);
  h = fnv(h, std::to_string(n) + " variables, degree " + std::to_string(d));
  for (const auto& [name, v] : constants)
    h = fnv(h, name + " = " + v.str());
  if (n == 0 || d < 0 || !piece.components)
    return hex64(fnv(h, "no grid"));
  SplitMix spread{0x5EEDull};
  std::vector<Rational> x(n);
  for (int t = 0; t < kIdentityDigestPoints; ++t) {
    for (std::size_t i = 0; i < n; ++i) {
      const int kk = t == 0 ? 0 : t == 1 ? d : static_cast<int>(spread() % static_cast<std::uint64_t>(d + 1));
      x[i] = piece.grid ? piece.grid(i, kk) : default_grid_value(n, d, kk);
      h = fnv(h, x[i].str());
    }
    try {
      for (const auto& r : components_at(piece, x, k))
        h = fnv(h, r.str());
    } catch (const std::exception& e) {
      h = fnv(h, std::string(undefined_here(e) ? "undefined" : "threw: ") + e.what());
    }
  }
  return hex64(h);
}

/// The Schwartz–Zippel recheck of one identity: the residual at kIdentityPoints points x_i = a_i/(2^62 (n +
/// 1)), a_i uniform in [1, 2^62] (the open-simplex chart of the default grid), drawn by SplitMix64 seeded
/// from the claim, the label and the digest. "" when every component is exactly 0 at each; else why not.
std::string schwartz_zippel(const std::string& claim, const IdentityPiece& piece, const std::string& digest,
                            const RationalConstants& k, long& points, long& redraws) {
  const std::size_t n = piece.variables;
  if (n == 0 || !piece.components)
    return "no residual to evaluate";
  SplitMix rng{fnv(fnv(fnv(kFnvOffset, claim), piece.label), digest)};
  const Rational scale = Rational(std::uint64_t(1) << kIdentityBits) * Rational(static_cast<long>(n + 1));
  std::vector<Rational> x(n);
  long mine = 0;
  for (int drawn = 0; drawn < kIdentityPoints;) {
    for (std::size_t i = 0; i < n; ++i)
      x[i] = Rational((rng() >> (64 - kIdentityBits)) + 1) / scale;
    std::vector<Rational> r;
    try {
      r = components_at(piece, x, k);
    } catch (const std::exception& e) {
      if (!undefined_here(e))
        return std::string("the residual threw: ") + e.what();
      ++redraws;
      if (++mine > kIdentityRedraws)
        return "a denominator vanished at " + std::to_string(mine) + " random points (redrawn; " +
               std::to_string(drawn) + " of " + std::to_string(kIdentityPoints) + " points evaluated)";
      continue;
    }
    ++points;
    for (std::size_t c = 0; c < r.size(); ++c)
      if (r[c] != 0) {
        std::string v = r[c].str();
        if (v.size() > 40)
          v = v.substr(0, 37) + "...";
        return "component " + std::to_string(c) + " = " + v + " != 0 at random point " +
               std::to_string(drawn) + " (the identity is false)";
      }
    ++drawn;
  }
  return "";
}

/// log2 of the Schwartz–Zippel bound of one record: (D/2^62)^k with D = variables × degree (the total degree
/// of a numerator of degree ≤ degree in each variable).
double sz_bound_log2(const IdentityPiece& piece) {
  const double total = std::max(1.0, static_cast<double>(piece.variables) * std::max(piece.degree, 0));
  return kIdentityPoints * (std::log2(total) - kIdentityBits);
}

std::map<std::string, std::string> constants_text(const std::map<std::string, Rational>& q) {
  std::map<std::string, std::string> out;
  for (const auto& [name, v] : q)
    out[name] = v.str();
  return out;
}

} // namespace

nlohmann::json export_certificate(const Certificate& c, const std::map<std::string, double>& overrides,
                                  const BnbOptions& opts) {
  nlohmann::json pieces = nlohmann::json::array();
  for (std::size_t i = 0; i < c.pieces.size(); ++i)
    pieces.push_back({{"index", i},
                      {"label", c.pieces[i].label},
                      {"strict", c.pieces[i].strict},
                      {"boxes", nlohmann::json::array()}});
  const CertificateRun run =
      run_certificate(c, overrides, opts, [&pieces](std::size_t i, const ClosedBox& b) {
        nlohmann::json rec = {b.test, b.attained, b.faces};
        for (const auto& x : b.box) {
          rec.push_back(hex(x.lower()));
          rec.push_back(hex(x.upper()));
        }
        pieces[i]["boxes"].push_back(std::move(rec));
      });
  for (std::size_t i = 0; i < c.pieces.size() && i < run.pieces.size(); ++i)
    pieces[i]["status"] = run.pieces[i]["status"];
  // the identity records: what the certifier proved (its status) and a digest of its grid (grid_digest)
  const auto exact = exact_constants_for(c, overrides);
  const RationalConstants q = rational_constants(exact);
  nlohmann::json identities = nlohmann::json::array();
  for (std::size_t j = 0; j < c.identities.size(); ++j) {
    const IdentityPiece& piece = c.identities[j];
    const std::size_t at = c.pieces.size() + j; // run_certificate lists the identities after the pieces
    identities.push_back(
        {{"index", j},
         {"label", piece.label},
         {"variables", piece.variables},
         {"degree", piece.degree},
         {"rearrangement", piece.rearrangement},
         {"constants", constants_text(exact)},
         {"status", at < run.pieces.size() ? run.pieces[at].value("status", "?") : "not run"},
         {"digest", grid_digest(piece, exact, q)}});
  }
  return {{"claim", c.claim},     {"digits", run.digits}, {"overrides", overrides},
          {"status", run.status}, {"pieces", pieces},     {"identities", identities}};
}

nlohmann::json RecheckResult::to_json() const {
  return {{"claim", claim},
          {"records", records},
          {"confirmed", confirmed},
          {"roots", roots},
          {"roots_covered", roots_covered},
          {"identities", identities},
          {"identities_confirmed", identities_confirmed},
          {"identity_points", identity_points},
          {"identity_redraws", identity_redraws},
          {"identity_bound_log2", identities_confirmed > 0 ? nlohmann::json(identity_bound_log2) : nullptr},
          {"digits", digits},
          {"refused", refused},
          {"ok", ok()}};
}

namespace {

/// Rechecks the identity records of `exported` (export_certificate): each is matched to the certificate's
/// identity piece by its label (and index where labels repeat), its variable count, declared degree,
/// rearrangement flag, constants, certifier status and grid digest must agree, and its residual must vanish
/// at kIdentityPoints random points (schwartz_zippel). A record that fails any of these, and an identity
/// piece without a record, is refused by name.
void recheck_identities(const Certificate& c, const nlohmann::json& exported,
                        const std::map<std::string, double>& overrides, RecheckResult& res) {
  const auto exact = exact_constants_for(c, overrides);
  const RationalConstants q = rational_constants(exact);
  const auto expected_constants = constants_text(exact);
  std::vector<bool> seen(c.identities.size(), false);
  const nlohmann::json none = nlohmann::json::array();
  const auto it = exported.find("identities");
  const nlohmann::json& records = it != exported.end() && it->is_array() ? *it : none;
  long n = 0;
  for (const auto& rec : records) {
    ++res.identities;
    std::string label = "?", why;
    try {
      label = rec.at("label").get<std::string>();
      const std::size_t index = rec.at("index").get<std::size_t>();
      std::vector<std::size_t> match;
      for (std::size_t j = 0; j < c.identities.size(); ++j)
        if (c.identities[j].label == label)
          match.push_back(j);
      if (match.size() > 1) // repeated labels: the index decides
        match.erase(std::remove_if(match.begin(), match.end(), [index](std::size_t j) { return j != index; }),
                    match.end());
      if (match.size() != 1)
        throw std::invalid_argument("no identity piece of " + c.claim + " has this label");
      const IdentityPiece& piece = c.identities[match[0]];
      if (seen[match[0]])
        throw std::invalid_argument("a second record of the same identity piece");
      if (rec.at("variables").get<std::size_t>() != piece.variables)
        why = "the variable count " + rec.at("variables").dump() + " is not the piece's " +
              std::to_string(piece.variables);
      else if (rec.at("degree").get<int>() != piece.degree)
        why = "the declared degree " + rec.at("degree").dump() + " is not the piece's " +
              std::to_string(piece.degree);
      else if (rec.at("rearrangement").get<bool>() != piece.rearrangement)
        why = "the rearrangement flag differs from the piece's";
      else if (rec.at("constants").get<std::map<std::string, std::string>>() != expected_constants)
        why = "the constants " + rec.at("constants").dump() +
              " are not the certificate's under the export's "
              "overrides";
      else if (rec.at("status").get<std::string>() != "proved")
        why = "the certifier did not prove it (status " + rec.at("status").get<std::string>() + ")";
      else if (rec.at("digest").get<std::string>() != grid_digest(piece, exact, q))
        why = "the digest of its grid values does not match (the record or the residual changed)";
      else
        why = schwartz_zippel(c.claim, piece, rec.at("digest").get<std::string>(), q, res.identity_points,
                              res.identity_redraws);
      seen[match[0]] = true;
      if (why.empty())
        res.identity_bound_log2 = std::max(res.identity_bound_log2, sz_bound_log2(piece));
    } catch (const std::exception& e) {
      why = std::string("not readable: ") + e.what();
    }
    if (why.empty())
      ++res.identities_confirmed;
    else
      res.refused.push_back("identity " + std::to_string(n) + " (" + label + "): " + why);
    ++n;
  }
  for (std::size_t j = 0; j < c.identities.size(); ++j)
    if (!seen[j])
      res.refused.push_back("identity piece " + std::to_string(j) + " (" + c.identities[j].label +
                            "): no record in the export");
}

} // namespace

RecheckResult recheck_certificate(const Certificate& c, const nlohmann::json& exported, unsigned digits) {
  RecheckResult res;
  res.claim = c.claim;
  res.digits = digits;
  const unsigned before = working_digits();
  struct Restore {
    unsigned d;
    ~Restore() { set_working_digits(d); }
  } restore{before};
  try {
    if (exported.at("claim").get<std::string>() != c.claim)
      throw std::invalid_argument("the export is of " + exported.at("claim").get<std::string>());
    if (digits < exported.at("digits").get<unsigned>())
      throw std::invalid_argument("the recheck precision is below the export's");
    set_working_digits(digits);
    const auto overrides = exported.at("overrides").get<std::map<std::string, double>>();
    const Constants k = constants_for(c, overrides);
    std::vector<bool> seen(c.pieces.size(), false);
    for (const auto& p : exported.at("pieces")) {
      const std::size_t pi = p.at("index").get<std::size_t>();
      if (pi >= c.pieces.size() || c.pieces[pi].label != p.at("label").get<std::string>()) {
        res.refused.push_back("piece " + std::to_string(pi) + ": not a piece of the certificate");
        continue;
      }
      const Piece& piece = c.pieces[pi];
      seen[pi] = true;
      std::vector<Record> parsed;
      long n = 0;
      for (const auto& rec : p.at("boxes")) {
        ++res.records;
        std::string why;
        std::string test = "?";
        try {
          test = rec.at(0).get<std::string>();
          const int attained = rec.at(1).get<int>();
          if (rec.size() != 3 + 2 * piece.score.dim)
            throw std::invalid_argument("a box of the wrong dimension");
          Box box;
          for (std::size_t i = 0; i < piece.score.dim; ++i)
            box.emplace_back(from_hex(rec.at(3 + 2 * i).get<std::string>()),
                             from_hex(rec.at(4 + 2 * i).get<std::string>()));
          why = check_record(piece, test, box, rec.at(2), attained, k);
          if (why.empty())
            parsed.push_back({test != "monotone", box, rec.at(2).get<std::vector<int>>()});
        } catch (const std::exception& e) {
          why = std::string("not evaluable: ") + e.what();
        }
        if (why.empty())
          ++res.confirmed;
        else
          res.refused.push_back("piece " + std::to_string(pi) + " (" + piece.label + "), box " +
                                std::to_string(n) + " (" + test + "): " + why);
        ++n;
      }
      // the confirmed records cover the piece's roots (the search's bookkeeping, checked here anew)
      std::vector<const Record*> all;
      for (const auto& r : parsed)
        all.push_back(&r);
      for (std::size_t ri = 0; ri < piece.roots.size(); ++ri) {
        Box root = piece.roots[ri];
        for (auto& x : root)
          x = at_working_precision(x);
        std::vector<const Record*> mine;
        for (const Record* r : all)
          if (r->box.size() == root.size() && inside(r->box, root))
            mine.push_back(r);
        const std::string gap = uncovered_part(root, root, mine, 0);
        if (gap.empty())
          ++res.roots_covered;
        else
          res.refused.push_back("piece " + std::to_string(pi) + " (" + piece.label + "), root box " +
                                std::to_string(ri) +
                                ": not covered by the confirmed boxes (uncovered: " + gap + ")");
        ++res.roots;
      }
    }
    for (std::size_t pi = 0; pi < c.pieces.size(); ++pi)
      if (!seen[pi])
        res.refused.push_back("piece " + std::to_string(pi) + " (" + c.pieces[pi].label +
                              "): no boxes in the export");
    recheck_identities(c, exported, overrides, res);
  } catch (const std::exception& e) {
    res.refused.push_back(std::string("the export is not readable: ") + e.what());
  }
  return res;
}

} // namespace dcrv::certify
