// Strings: a string held inside its Value written without a call (one 16-byte vector tested
// for bytes to escape), longer ones through the runtime's escaping writer with one capacity
// check for the key before them, date-formatted strings as two overlapping vectors, and the
// call-free entry point of a schema that is one string.
#include "engine/codegen_emit.h"

#include <llvm/IR/IntrinsicsX86.h>

namespace schemajit::detail {

// A schema that is one string (a route that returns a name; fjs's "short string" rows)
// gets an entry that makes no call on its usual path: a string held in its Value, with
// nothing to escape, and room in the window. The full function has calls on its other
// paths, so it saves and restores three registers and stores the depth on every path, the
// usual one included: "hello world" takes 39 instructions there, 28 here (AVX-512). Any
// other case tail-calls it, and it starts over: the fast path writes only past the
// published cursor.
bool Codegen::has_string_fast_entry() const {
  const ir::Node& root = *irm_.functions[0].body;
  return !compact() && root.kind == ir::Kind::String && !root.nullable &&
         (root.format == ir::StringFormat::None || root.format == ir::StringFormat::Unsafe);
}

void Codegen::define_string_fast_entry(llvm::Function* entry) {
  const ir::Node& root = *irm_.functions[0].body;
  fn_ = entry;
  ctx_arg_ = entry->getArg(0);
  Value* v = entry->getArg(1);
  cur_slot_ = nullptr;  // the cursor stays in ctx: read once, and quote_clean stores the new one there
  go(block("entry"));
  BasicBlock* full = block("full");
  BasicBlock* held = block("held");
  b_.CreateCondBr(b_.CreateICmpEQ(flags(v), b_.getInt16(dom::kShortStringFlags)), held, full, weights_likely());
  go(held);
  Value* cur = cursor();
  BasicBlock* ready = block("ready");
  b_.CreateCondBr(b_.CreateICmpUGE(room(cur), i64(kHeldStringRoom)), ready, full, weights_likely());
  go(ready);
  Value *x, *len;
  std::tie(x, len) = short_string_vector(v);
  Value* len64 = b_.CreateZExt(len, b_.getInt64Ty());
  auto store = [&](Value* text) { b_.CreateAlignedStore(x, text, llvm::Align(1)); };
  if (root.format == ir::StringFormat::Unsafe) {
    quote_clean(cur, len64, store);
  } else {
    Value* bad = escapes_within(x, len);
    quoted_unless_escaping(b_.CreateICmpEQ(bad, i32(0)), cur, len64, store,
                           [&] { expand_else(cur, v, x, len, bad, [&] { b_.CreateBr(full); }); });
  }
  b_.CreateRet(i32(0));
  go(full);
  llvm::CallInst* rest = b_.CreateCall(fns_[0], {ctx_arg_, v});
  rest->setTailCall();
  b_.CreateRet(rest);
}

void Codegen::emit_string(const ir::Node& n, Value* v) {
  auto coerce_call = [&] { return call("sj_coerce_string", {ctx_arg_, v, i32(static_cast<int>(n.format)), bytes(n.path)}); };
  if (compact()) return whole_in_runtime(coerce_call);
  auto coerce = [&] { check(coerce_call()); };
  if (n.format == ir::StringFormat::Unsafe) {
    // Unescaped: a string held in the Value is copied from the register as the escaping
    // path copies a clean one (fjs "unsafe short string": 14.4 -> 10.2 ns); others go to
    // the runtime's copy.
    by_string_kind(
        v,
        [&] {
          Value *x, *len;
          std::tie(x, len) = short_string_vector(v);
          quote_clean(write_pending(i64(1 + dom::kValueSize + 1)), b_.CreateZExt(len, b_.getInt64Ty()),
                      [&](Value* text) { b_.CreateAlignedStore(x, text, llvm::Align(1)); });
        },
        [&] {
          flush();
          auto [data, len] = heap_string_of(v);
          call("sj_write_unsafe_string", {ctx_arg_, data, len});
        },
        coerce);
    return;
  }
  quoted_string(v, is_date_format(n.format), coerce);
}

// A string Value quoted and escaped, held in the Value (inline_string) or not; `not_string`
// writes any other value. With the cursor in a register, strings up to kLongString bytes get
// the same capacity check as the literal before them (`,"name":`, with the escaped text's
// worst case) and a writer that takes no ctx; longer strings go to the runtime, which writes
// them in pieces.
void Codegen::quoted_string(Value* v, bool date, const std::function<void()>& not_string) {
  by_string_kind(
      v, [&] { inline_string(v); },
      [&] {
        auto [data, len] = heap_string_of(v);
        Value* fits = b_.CreateICmpULE(len, i64(sj::rt::kLongString));
        // quoted_bound(len), which is linear in len
        constexpr uint64_t kPerByte = sj::rt::quoted_bound(1) - sj::rt::quoted_bound(0);
        Value* bound = b_.CreateAdd(b_.CreateMul(len, i64(kPerByte)), i64(sj::rt::quoted_bound(0)));
        set_cursor(write_pending(b_.CreateSelect(fits, bound, i64(0))));
        branch(
            fits,
            [&, data = data, len = len] {
              if (date) date_string(data, len);
              else quoted_text(cursor(), data, len);
            },
            [&, data = data, len = len] { call("sj_write_string", {ctx_arg_, data, len}); }, "short");
      },
      not_string);
}

// Bit i of the i16 result: byte i of the 16-byte vector x must be escaped (a control
// character, '"' or '\\').
Value* Codegen::escape_mask(Value* x) {
  Value* special = b_.CreateOr(b_.CreateICmpULT(x, byte_splat(0x20, 16)),
                               b_.CreateOr(b_.CreateICmpEQ(x, byte_splat('"', 16)), b_.CreateICmpEQ(x, byte_splat('\\', 16))));
  return b_.CreateBitCast(special, b_.getInt16Ty());
}

// Bits 0..len-1 (i32): the lanes of a short_string_vector that hold its text.
Value* Codegen::live_lanes(Value* len) { return b_.CreateSub(b_.CreateShl(i32(1), len), i32(1)); }

// escape_mask and control_mask over the text of a short_string_vector only (i32).
Value* Codegen::escapes_within(Value* x, Value* len) {
  return b_.CreateAnd(b_.CreateZExt(escape_mask(x), b_.getInt32Ty()), live_lanes(len));
}

Value* Codegen::controls_within(Value* x, Value* len) {
  return b_.CreateAnd(b_.CreateZExt(control_mask(x), b_.getInt32Ty()), live_lanes(len));
}

// A vector of `lanes` bytes c.
llvm::Constant* Codegen::byte_splat(char c, unsigned lanes) {
  return llvm::ConstantVector::getSplat(llvm::ElementCount::getFixed(lanes), b_.getInt8(static_cast<uint8_t>(c)));
}

void Codegen::inline_string(Value* v) {
  Value* cur = write_pending(i64(kHeldStringRoom));
  Value *x, *len;  // not a structured binding: clang 14 (the sanitizer builds') cannot capture one
  std::tie(x, len) = short_string_vector(v);
  Value* bad = escapes_within(x, len);
  Value* len64 = b_.CreateZExt(len, b_.getInt64Ty());
  auto store = [&](Value* text) { b_.CreateAlignedStore(x, text, llvm::Align(1)); };
  quoted_unless_escaping(b_.CreateICmpEQ(bad, i32(0)), cur, len64, store,
                         [&] { expand_else(cur, v, x, len, bad, [&] { quoted_text(cur, v, len64); }); });
}

// Bit i of the i16 result: byte i of the 16-byte vector x is a control character.
Value* Codegen::control_mask(Value* x) { return b_.CreateBitCast(b_.CreateICmpULT(x, byte_splat(0x20, 16)), b_.getInt16Ty()); }

// The string data[0, len) (len ≤ 13) quoted at cur, where the bytes to escape are '"' and
// '\\' only, at the bits of `quoted` (i32): each becomes a backslash and itself. In a
// 32-bit "slot" word byte i owns slots 2i (its backslash, kept if it is quoted) and 2i + 1
// (itself, always kept); pext of the odd slots over the kept ones gives, for each output
// byte, whether it is a string byte (1) or a backslash (0), and vpexpandb places the
// string's bytes at the ones over a vector of backslashes: the escaped text in one
// instruction, 13 + 13 bytes at most.
void Codegen::expand_quotes_and_backslashes(Value* cur, Value* data, Value* len, Value* quoted) {
  auto* ty = b_.getInt32Ty();
  Value* own = b_.CreateSub(b_.CreateShl(i32(1), b_.CreateShl(len, 1)), i32(1));  // 2·len ≤ 26 slots
  Value* kept = b_.CreateOr(b_.CreateIntrinsic(ty, llvm::Intrinsic::x86_bmi_pdep_32, {quoted, i32(0x55555555)}),
                            b_.CreateAnd(own, i32(static_cast<int32_t>(0xaaaaaaaa))));
  Value* bytes_at = b_.CreateIntrinsic(ty, llvm::Intrinsic::x86_bmi_pext_32, {i32(static_cast<int32_t>(0xaaaaaaaa)), kept});
  auto* vec = llvm::FixedVectorType::get(b_.getInt8Ty(), 32);
  Value* mask = b_.CreateBitCast(bytes_at, llvm::FixedVectorType::get(b_.getInt1Ty(), 32));
  Value* text = b_.CreateMaskedExpandLoad(vec, data, mask, byte_splat('\\', 32));
  Value* out_len = b_.CreateZExt(b_.CreateAdd(len, b_.CreateUnaryIntrinsic(llvm::Intrinsic::ctpop, quoted)), b_.getInt64Ty());
  quote_clean(cur, out_len, [&](Value* at) { b_.CreateAlignedStore(text, at, llvm::Align(1)); });
}

// A string held in the Value (kShortStringFlags): the Value's 16 bytes as a vector, the
// text first, and the text's length (i32).
std::pair<Value*, Value*> Codegen::short_string_vector(Value* v) {
  auto* vec = llvm::FixedVectorType::get(b_.getInt8Ty(), dom::kValueSize);
  auto* x = llvm::cast<llvm::LoadInst>(dom_load(vec, v));
  x->setAlignment(llvm::Align(8));
  Value* len = b_.CreateSub(i32(dom::kShortMax),
                            b_.CreateZExt(b_.CreateExtractElement(x, uint64_t{dom::kShortLenByte}), b_.getInt32Ty()));
  return {x, len};
}

// The runtime's escaping writer for data[0, len) at cur, which has room for its worst case.
void Codegen::quoted_text(Value* cur, Value* data, Value* len) { set_cursor(call("sj_quoted_text", {cur, data, len})); }

bool Codegen::is_date_format(ir::StringFormat f) {
  return f == ir::StringFormat::DateTime || f == ir::StringFormat::Date || f == ir::StringFormat::Time;
}

// A string outside its Value where a date/time format says to expect 16 to 32 bytes
// ("2026-12-02T09:14:44.664Z" is 24): at those lengths two overlapping 16-byte vectors, the
// first and the last 16 bytes, tested for bytes that need escaping and, when there are
// none, stored overlapping after the opening quote, without a call; other lengths go to the
// runtime. Only these strings get it: for strings in general it measured within noise on
// the documents, for more code per site. The cursor has room for the escaped text's worst
// case.
void Codegen::date_string(Value* data, Value* len) {
  Value* two_vectors = b_.CreateICmpULE(b_.CreateSub(len, i64(16)), i64(16));  // 16 <= len <= 32
  branch(two_vectors, [&] {
    auto* vec = llvm::FixedVectorType::get(b_.getInt8Ty(), 16);
    Value* tail_at = b_.CreateSub(len, i64(16));
    Value* head = b_.CreateAlignedLoad(vec, data, llvm::Align(1));
    Value* tail = b_.CreateAlignedLoad(vec, b_.CreateInBoundsGEP(b_.getInt8Ty(), data, tail_at), llvm::Align(1));
    Value* bad = b_.CreateOr(escape_mask(head), escape_mask(tail));
    Value* cur = cursor();
    quoted_unless_escaping(
        b_.CreateICmpEQ(bad, b_.getInt16(0)), cur, len,
        [&](Value* text) {
          b_.CreateAlignedStore(head, text, llvm::Align(1));
          b_.CreateAlignedStore(tail, b_.CreateInBoundsGEP(b_.getInt8Ty(), text, tail_at), llvm::Align(1));
        },
        [&] { quoted_text(cur, data, len); });
  }, [&] { quoted_text(cursor(), data, len); }, "datelength");
}

}  // namespace schemajit::detail
