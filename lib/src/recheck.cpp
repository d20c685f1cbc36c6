// The second checker of the interval certificates (dcrv/certify/recheck.hpp): the export of closed boxes and
// their recheck. The recheck does not call the branch and bound (lib/src/certify.cpp): each recorded test is
// written here once more, small, and evaluated at a higher precision.
#include "dcrv/certify/recheck.hpp"

#include "certify_constants.hpp"

#include <mpfr.h>

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
  return {{"claim", c.claim},     {"digits", run.digits}, {"overrides", overrides},
          {"status", run.status}, {"pieces", pieces},     {"identities", c.identities.size()}};
}

nlohmann::json RecheckResult::to_json() const {
  return {{"claim", claim},
          {"records", records},
          {"confirmed", confirmed},
          {"roots", roots},
          {"roots_covered", roots_covered},
          {"identities_not_rechecked", identities},
          {"digits", digits},
          {"refused", refused},
          {"ok", ok()}};
}

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
    res.identities = static_cast<long>(c.identities.size());
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
  } catch (const std::exception& e) {
    res.refused.push_back(std::string("the export is not readable: ") + e.what());
  }
  return res;
}

} // namespace dcrv::certify
