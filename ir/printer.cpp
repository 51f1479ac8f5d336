#include "ir/printer.h"

namespace sj::ir {
namespace {

const char* format_name(StringFormat f) {
  switch (f) {
    case StringFormat::DateTime: return " format=date-time";
    case StringFormat::Date: return " format=date";
    case StringFormat::Time: return " format=time";
    case StringFormat::Unsafe: return " format=unsafe";
    case StringFormat::None: break;
  }
  return "";
}

std::string guard_name(uint8_t g) {
  if (!g) return "none (always fails)";
  std::string out;
  const char* names[] = {"null", "string", "integer", "number", "boolean", "object", "array"};
  for (int b = 0; b < 7; ++b)
    if (g & (1 << b)) out += (out.empty() ? "" : "|") + std::string(names[b]);
  return out;
}

class Printer {
 public:
  explicit Printer(const Module& m) : m_(m) {}

  std::string run() {
    const Options& o = m_.options;
    out_ += "module  opt=O" + std::to_string(m_.effective_opt_level()) +
            (m_.effective_opt_level() != o.opt_level ? " (large schema)" : "") + "  cutoffs: string=" + cutoff(o.cutoffs.string_array) +
            " number=" + cutoff(o.cutoffs.number_array) + " integer=" + cutoff(o.cutoffs.integer_array) +
            " numberArrays=" + cutoff(o.cutoffs.number_arrays) + "  largeArraySize=" + std::to_string(o.large_array_size) + "\n";
    for (size_t i = 0; i < m_.functions.size(); ++i) {
      out_ += "\nfn f" + std::to_string(i) + "  " + m_.functions[i].path + (i == 0 ? "  (entry)" : "") + "\n";
      node(*m_.functions[i].body, 1);
    }
    for (size_t i = 0; i < m_.validators.size(); ++i) {
      out_ += "\nvalidator v" + std::to_string(i) + "  " + m_.validators[i].path + "\n";
      test(*m_.validators[i].body, 1);
    }
    return out_;
  }

 private:
  static std::string cutoff(int64_t c) { return c == Cutoffs::kNever ? "never" : std::to_string(c); }

  void line(int depth, const std::string& text) { out_ += std::string(2 * depth, ' ') + text + "\n"; }

  void node(const Node& n, int d) {
    std::string head = kind_name(n.kind);
    if (n.nullable) head += " nullable";
    switch (n.kind) {
      case Kind::String: head += format_name(n.format); break;
      case Kind::Integer: head += " rounding=" + std::string(rounding_name()); break;
      case Kind::Const: head += " " + n.literal; break;
      case Kind::Call: head += " f" + std::to_string(n.callee); break;
      case Kind::Null: head += "  writes null"; break;
      default: break;
    }
    line(d, head + "  " + n.path);
    if (n.kind == Kind::Object) {
      for (const auto& name : n.required_elsewhere) line(d + 1, "check \"" + name + "\" present");
      for (const auto& f : n.fields) {
        std::string how = f.required ? "required" : "optional";
        if (f.default_json) how += " default=" + *f.default_json;
        line(d + 1, "field " + f.key_literal + "  " + how + "  (expected at #" + std::to_string(f.predicted_index) + ")");
        node(*f.value, d + 2);
      }
      for (const auto& pf : n.patterns) {
        line(d + 1, "pattern /" + pf.source + "/" + (pf.value ? "" : "  raw"));
        if (pf.value) node(*pf.value, d + 2);
      }
      if (n.extras == Extras::Raw) line(d + 1, "extras raw");
      if (n.extras == Extras::Schema) {
        line(d + 1, "extras");
        node(*n.extras_schema, d + 2);
      }
    } else if (n.kind == Kind::Array && n.is_tuple) {
      line(d + 1, std::string("tuple of ") + std::to_string(n.tuple.size()) +
                      (n.additional_items ? ", extra items raw" : ", longer arrays are an error"));
      for (size_t i = 0; i < n.tuple.size(); ++i) {
        line(d + 1, "item " + std::to_string(i) + "  guard " + guard_name(n.tuple[i].guard));
        node(*n.tuple[i].value, d + 2);
      }
    } else if (n.kind == Kind::Array) {
      std::string how = n.strategy == ArrayStrategy::Loop ? "loop"
                        : std::string(strategy_name(n.strategy)) + " when len >= " +
                              cutoff(bulk_cutoff(m_.options, n.strategy)) + ", then loop";
      if (n.large_as_json) how += "; json-stringify when len >= " + std::to_string(m_.options.large_array_size);
      line(d + 1, "items  (" + how + ")" + (n.items ? "" : "  raw"));
      if (n.items) node(*n.items, d + 2);
    } else if (n.kind == Kind::TypeSwitch) {
      for (const auto& b : n.branches) node(*b, d + 1);
    } else if (n.kind == Kind::Select) {
      for (const auto& c : n.choices) {
        line(d + 1, c.validator < 0 ? "otherwise" : "when v" + std::to_string(c.validator) + " passes");
        node(*c.value, d + 2);
      }
      line(d + 1, "none: error");
    }
  }

  static std::string type_names(uint8_t mask) {
    std::string out;
    const char* names[] = {"null", "boolean", "object", "array", "number", "integer", "string"};
    for (int b = 0; b < 7; ++b)
      if (mask & (1 << b)) out += (out.empty() ? "" : "|") + std::string(names[b]);
    return out;
  }

  static std::string bounds(const Test& t) {
    return std::to_string(t.lo) + ".." + (t.hi == INT64_MAX ? std::string("") : std::to_string(t.hi));
  }

  void test(const Test& t, int d) {
    static const char* ops[] = {">=", ">", "<=", "<"};
    std::string head;
    switch (t.kind) {
      case TestKind::Never: head = "never"; break;
      case TestKind::Type: head = "type " + type_names(t.mask); break;
      case TestKind::Coerce:
        head = "type " + type_names(t.mask) + ", else converted to";
        for (uint64_t p = t.plan >> 16; p & 0xff; p >>= 8) head += " " + type_names(static_cast<uint8_t>(p));
        if ((t.plan >> 8) & 1) head += " (arrays unwrapped)";
        break;
      case TestKind::Equal:
        head = "equals";
        for (int i : t.indices) head += " " + m_.constants[i];
        break;
      case TestKind::Required:
      case TestKind::Properties:
      case TestKind::Dependencies:
        head = t.kind == TestKind::Required ? "required" : t.kind == TestKind::Properties ? "properties" : "dependencies";
        for (const auto& n : t.names) head += " \"" + n + "\"";
        break;
      case TestKind::Defaults:
        head = std::string(t.mask == kTypeObject ? "member" : "item") + " defaults" + (t.index == 1 ? " (also for null and \"\")" : "");
        for (size_t i = 0; i < t.names.size(); ++i) head += " " + t.names[i] + "=" + m_.constants[t.indices[i]];
        break;
      case TestKind::Members:
        head = "members";
        if (t.removal == Test::Removal::Every) head += ", additional ones deleted";
        if (t.removal == Test::Removal::Failing) head += ", additional ones failing the rest deleted";
        if (t.declared_count >= 0) head += " (none to check when " + std::to_string(t.declared_count) + ")";
        break;
      case TestKind::Items: head = "items, " + std::to_string(t.children.size()) + " positions"; break;
      case TestKind::Contains: head = "contains"; break;
      case TestKind::Unique: head = "unique items"; break;
      case TestKind::Count: head = (t.mask == kTypeArray ? "items " : "members ") + bounds(t); break;
      case TestKind::Length: head = "code points " + bounds(t); break;
      case TestKind::Range: head = std::string("number ") + ops[static_cast<int>(t.op)] + " " + std::to_string(t.number); break;
      case TestKind::MultipleOf: head = "multiple of " + std::to_string(t.number); break;
      case TestKind::Pattern:
        head = "matches";
        for (int i : t.indices) head += " /" + m_.patterns[i]->source() + "/";
        break;
      case TestKind::Format: head = "format " + t.text; break;
      case TestKind::Not: head = "not"; break;
      case TestKind::AllOf: head = "all of"; break;
      case TestKind::AnyOf: head = "any of"; break;
      case TestKind::OneOf: head = "exactly one of"; break;
      case TestKind::IfThenElse: head = "if, then, else"; break;
      case TestKind::Call: head = "call v" + std::to_string(t.index); break;
      case TestKind::Throw: head = "error: " + t.text; break;
    }
    line(d, head);
    if (t.key_test) {
      line(d + 1, "every key:");
      test(*t.key_test, d + 2);
    }
    for (const auto& c : t.children) {
      if (c) test(*c, d + 1);
      else line(d + 1, "(absent)");
    }
    if (t.rest) {
      line(d + 1, "the rest:");
      test(*t.rest, d + 2);
    }
  }

  const char* rounding_name() const {
    switch (m_.options.rounding) {
      case Rounding::Floor: return "floor";
      case Rounding::Ceil: return "ceil";
      case Rounding::Round: return "round";
      case Rounding::Trunc: break;
    }
    return "trunc";
  }

  const Module& m_;
  std::string out_;
};

}  // namespace

std::string print(const Module& module) { return Printer(module).run(); }

}  // namespace sj::ir
