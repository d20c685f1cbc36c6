#include "checks/registry.hpp"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace dcrv {

extern const char* const kInventoryTsv; // generated from checks/inventory.tsv by CMake

namespace {
std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : line) {
    if (c == '\t') {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}
} // namespace

const std::vector<InventoryEntry>& inventory() {
  static const std::vector<InventoryEntry> inv = [] {
    std::vector<InventoryEntry> v;
    std::istringstream in(kInventoryTsv);
    std::string line;
    std::getline(in, line); // header
    while (std::getline(in, line)) {
      if (line.empty())
        continue;
      auto f = split_tabs(line);
      if (f.size() < 5)
        throw std::logic_error("inventory.tsv: malformed row: " + line);
      v.push_back({f[0], f[1], f[2], f[3], f[4] == "1"});
    }
    return v;
  }();
  return inv;
}

Registry::Registry() {
  std::vector<Claim> implemented;
  for (const ClaimSource& src : claim_factories())
    implemented.push_back(src.make());
  std::map<std::string, std::size_t> by_id;
  for (std::size_t i = 0; i < implemented.size(); ++i) {
    if (!by_id.emplace(implemented[i].id, i).second)
      throw std::logic_error("claim registered twice: " + implemented[i].id);
  }
  std::vector<bool> used(implemented.size(), false);
  for (const auto& e : inventory()) {
    if (auto it = by_id.find(e.id); it != by_id.end()) {
      Claim c = implemented[it->second];
      used[it->second] = true;
      if (to_string(c.kind) != e.kind)
        throw std::logic_error("claim " + e.id + " registered as " + to_string(c.kind) + ", inventory says " +
                               e.kind);
      if (c.where.empty())
        c.where = e.where;
      c.from_inventory = true;
      claims_.push_back(std::move(c));
    } else {
      Claim c;
      c.id = e.id;
      c.kind = kind_from_string(e.kind);
      c.where = e.where;
      c.from_inventory = true;
      claims_.push_back(std::move(c));
    }
  }
  for (std::size_t i = 0; i < implemented.size(); ++i) {
    if (used[i])
      continue;
    Claim c = implemented[i];
    const auto tilde = c.id.find('~');
    if (tilde == std::string::npos && c.id.rfind("X.", 0) != 0)
      throw std::logic_error("claim " + c.id + " is neither an inventory ID, an ID~reading nor an X.* extra");
    c.from_inventory = false;
    if (c.where.empty() && tilde != std::string::npos) // a reading sits where its base claim does
      for (const auto& e : inventory())
        if (e.id == c.id.substr(0, tilde))
          c.where = e.where;
    claims_.push_back(std::move(c));
  }
}

const Registry& Registry::instance() {
  static const Registry r;
  return r;
}

const Claim* Registry::find(const std::string& id) const {
  for (const auto& c : claims_)
    if (c.id == id)
      return &c;
  return nullptr;
}

bool glob_match(const std::string& p, const std::string& s) {
  std::size_t pi = 0, si = 0, star = std::string::npos, mark = 0;
  while (si < s.size()) {
    if (pi < p.size() && (p[pi] == '?' || p[pi] == s[si])) {
      ++pi;
      ++si;
    } else if (pi < p.size() && p[pi] == '*') {
      star = pi++;
      mark = si;
    } else if (star != std::string::npos) {
      pi = star + 1;
      si = ++mark;
    } else {
      return false;
    }
  }
  while (pi < p.size() && p[pi] == '*')
    ++pi;
  return pi == p.size();
}

std::vector<const Claim*> Registry::match(const std::string& glob) const {
  std::vector<const Claim*> out;
  for (const auto& c : claims_)
    if (glob_match(glob, c.id))
      out.push_back(&c);
  return out;
}

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j)
    prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j)
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::vector<std::string> Registry::near_matches(const std::string& id, std::size_t n) const {
  std::vector<std::pair<std::size_t, std::string>> d;
  for (const auto& c : claims_)
    d.emplace_back(edit_distance(id, c.id), c.id);
  std::sort(d.begin(), d.end());
  std::vector<std::string> out;
  for (std::size_t i = 0; i < d.size() && out.size() < n; ++i)
    out.push_back(d[i].second);
  return out;
}

} // namespace dcrv
