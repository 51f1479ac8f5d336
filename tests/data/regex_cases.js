#!/usr/bin/env node
'use strict'
// Regex sources with V8's answers for them under the four dialects of runtime/pattern.h: the
// reference tests/regex_differential_test.cpp checks sj::rt::Pattern against. Each line is
//   {"source":S,"dialect":D,"subjects":[...],"matches":"0110.."}  (re.test(subject) per subject)
// or {"source":S,"dialect":D,"error":"<e.message>"}              (new RegExp throws)
// with D one of
//   fjs             new RegExp(S.replace(/\\*\//g, '\\/'))   fast-json-stringify's patternProperties
//   ajv             new RegExp(S, 'u')
//   ajv-i           new RegExp(S, 'iu')                        ajv-formats' caseless regexes
//   ajv-nonunicode  new RegExp(S)                              Ajv with unicodeRegExp: false
// Random sources from a grammar that reaches where the dialects (and PCRE-style engines) differ,
// each run on subjects drawn from its own alphabet, from strings it was built to match and from
// non-ASCII and lone surrogates; then hand-picked cases. Subjects are JavaScript strings: a lone
// surrogate stays a "\udxxx" escape in the JSON (JSON.stringify writes it so). Deterministic.
//   node tests/data/regex_cases.js [COUNT] > tests/data/regex-differential.jsonl
const count = Number(process.argv[2] || 2400)

let seed = 0x5eed2026
const random = () => { // mulberry32
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const below = n => Math.floor(random() * n)
const pick = a => a[below(a.length)]
const chance = p => random() < p
// How often a source takes a construct that some dialect refuses (set per source): most sources
// are valid under the u flag too, so that their matches are compared, not only their refusals.
let risk = 0
const risky = () => chance(risk)
// An entry of `safe`, or, as often as the source's risk says, one of `wild`.
const pickRisk = (safe, wild) => risky() ? pick(wild) : pick(safe)
const repeat = (gen, lo, hi) => { let s = ''; for (let n = lo + below(hi - lo + 1); n > 0; n--) s += gen(); return s }

// Characters the subjects are made of besides the pattern's own: where Unicode, case folding,
// UTF-16 and the line terminators make engines disagree.
const EXOTIC = ['é', 'É', 'ß', 'ẞ', 'ſ', 'K', 'k', 'K', 'S', 's', '\u2028', '\u2029', '\u00a0', '\ufeff', '\u0085',
  '\u3000', '😀', '😂', '\ud800', '\udc00', '\ud83d', '\ude00', '中', 'α', 'Ω', 'σ', 'ς', 'Σ', '١', '\n', '\r',
  '\t', ' ', '_', '0', 'a', 'A']
const DIGITS = '0123456789'
const WORD = 'abkszABKSZ019_'
const SPACES = [' ', '\t', '\n', '\u00a0', '\ufeff', '\u2028', '\u3000', '\u1680', '\u180e', '\u0085', '\u200b']

// A node: its source and a function giving a string it should match (a guess: V8 decides).
const node = (src, gen) => ({ src, gen: typeof gen === 'function' ? gen : () => gen })
const any = () => chance(0.5) ? pick(EXOTIC) : pick(WORD)


const PLAIN = ['a', 'a', 'b', 'c', 'k', 'k', 's', 's', 'x', 'z', 'A', 'B', 'K', 'S', '0', '1', '9', '-', ',', ':', '=',
  '!', '<', '>', ' ', '_', '@', '#', '"', "'", '&', '~', '%', 'é', 'ß', 'K', 'ſ', 'K', '😀', '中', 'σ']
// Escapes of one character, with what they stand for (in some dialect): those every dialect
// takes, and the wild ones (identity escapes the u flag refuses, PCRE's, Annex B's).
const ESCAPES = [
  ['\\.', '.'], ['\\*', '*'], ['\\+', '+'], ['\\?', '?'], ['\\(', '('], ['\\)', ')'], ['\\[', '['], ['\\]', ']'],
  ['\\{', '{'], ['\\}', '}'], ['\\|', '|'], ['\\^', '^'], ['\\$', '$'], ['\\\\', '\\'], ['\\/', '/'],
  ['\\t', '\t'], ['\\n', '\n'], ['\\r', '\r'], ['\\f', '\f'], ['\\v', '\v'], ['\\0', '\0'], ['\\cA', '\x01'],
  ['\\cj', '\n'], ['\\cZ', '\x1a'], ['\\x41', 'A'], ['\\xe9', 'é'], ['\\xDF', 'ß'], ['\\x4b', 'K'], ['\\u0041', 'A'],
  ['\\u00e9', 'é'], ['\\u017f', 'ſ'], ['\\u212a', 'K'], ['\\u2028', '\u2028'], ['\\u00a0', '\u00a0'],
  ['\\ufeff', '\ufeff'], ['\\u{61}', 'a'], ['\\u{e9}', 'é'], ['\\u{1F600}', '😀'], ['\\u{0}', '\0'],
  ['\\uD83D\\uDE00', '😀']]
// Escapes of lone surrogates (rarer: engines working on code points refuse them).
const SURROGATES = [['\\uD83D', '\ud83d'], ['\\uDE00', '\ude00'], ['\\ud800', '\ud800'], ['\\udc00', '\udc00']]
const WILD_ESCAPES = [['\\-', '-'],
  ['\\a', 'a'], ['\\e', 'e'], ['\\q', 'q'], ['\\z', 'z'], ['\\y', 'y'], ['\\i', 'i'], ['\\é', 'é'], ['\\ ', ' '],
  ['\\_', '_'], ['\\@', '@'], ['\\%', '%'], ['\\"', '"'], ['\\A', 'A'], ['\\Z', 'Z'], ['\\G', 'G'], ['\\K', 'K'],
  ['\\h', ' '], ['\\H', 'h'], ['\\R', '\n'], ['\\X', 'X'], ['\\N', 'N'], ['\\E', 'E'], ['\\Q', 'Q'], ['\\o', 'o'],
  ['\\g', 'g'], ['\\l', 'l'], ['\\m', 'm'], ['\\j', 'j'], ['\\L', 'L'], ['\\U', 'U'], ['\\C', 'C'], ['\\V', 'V'],
  ['\\00', '\0'], ['\\01', '\x01'], ['\\07', '\x07'], ['\\012', '\n'], ['\\c1', '\\c1'], ['\\c', '\\c'],
  ['\\c_', '\\c_'], ['\\x4', 'x4'], ['\\xg', 'xg'], ['\\x{41}', 'A'], ['\\o{101}', 'A'], ['\\u12', 'u12'],
  ['\\u{110000}', 'u'], ['\\u{}', 'u'], ['\\u{3}', 'uuu']]
const CLASS_ESCAPES = [['\\d', () => pick(DIGITS)], ['\\D', () => pick(['a', 'é', '١', '😀'])],
  ['\\w', () => pick(WORD + 'ſK')], ['\\W', () => pick(['-', ' ', 'é', 'ſ', 'K', '😀'])],
  ['\\s', () => pick(SPACES)], ['\\S', () => pick(['a', 'é', '\u200b', '😀', '\ud800'])]]
const PROPERTIES = [['\\p{L}', 'aéK中α'], ['\\p{Lu}', 'AÉKΩ'], ['\\p{Ll}', 'aßſσ'], ['\\p{Script=Greek}', 'αΩσ'],
  ['\\P{L}', '1 -😀'], ['\\p{N}', '1١'], ['\\p{Nd}', '1١'], ['\\p{General_Category=Letter}', 'aé'],
  ['\\p{gc=Lu}', 'AK'], ['\\p{Lowercase_Letter}', 'aß'], ['\\p{Latin}', 'aé'], ['\\p{Script=Latin}', 'aéſK'],
  ['\\p{sc=Han}', '中'], ['\\p{scx=Grek}', 'α'], ['\\p{ASCII}', 'a~'], ['\\p{Any}', 'a😀'], ['\\p{Emoji}', '😀1'],
  ['\\p{White_Space}', ' \u00a0'], ['\\p{Alphabetic}', 'a中'], ['\\P{Lu}', 'a1'], ['\\p{Lowercase}', 'aſ']]
const WILD_PROPERTIES = [['\\p{Foo}', 'p'], ['\\p{L&}', 'aA'], ['\\pL', 'pL'], ['\\p{^L}', '1'], ['\\p{Greek}', 'α'],
  ['\\p{IsGreek}', 'α'], ['\\p', 'p'], ['\\p{L', 'p{L']]
// PCRE's syntax, which JavaScript refuses or reads otherwise.
const PCRE_ONLY = [['(?i)', ''], ['(?i)a', 'A'], ['(?-i)', ''], ['(?s)', ''], ['(?m)', ''], ['(?x)', ''],
  ['(*FAIL)', ''], ['(*F)', ''], ['(*ACCEPT)', ''], ['(*UTF)', ''], ['(?#c)', ''], ['(?R)', ''], ['(?1)', ''],
  ['[[:alpha:]]', 'a'], ['[[:digit:]]', '1'], ['[[:^alpha:]]', '1'], ['[[:word:]]', '_'], ['\\Qa.b\\E', 'a.b'],
  ['(?(1)a|b)', 'b'], ['(?|a|b)', 'a'], ['(?P<n>x)', 'x'], ['(?P=n)', 'x'], ['(?P>n)', ''], ['\\g1', 'g1'],
  ['\\g{1}', 'g'], ['\\g<1>', 'g'], ['(?i:a)', 'A'], ['(?-i:a)', 'a'], ['(?^)', ''], ['(?U)', ''], ['(?J)', '']]
const BACKREFS = ['\\1', '\\k<n1>']
const WILD_BACKREFS = ['\\2', '\\k<n2>', '\\k', '\\k<', '\\k<1>', '\\8', '\\9', '\\10', '\\01']
// Slashes, which fjs rewrites: every run of backslashes before one becomes "\/".
const SLASHES = [['/', '/'], ['\\/', '/'], ['\\\\/', () => pick(['/', '\\/'])], ['\\\\\\/', () => pick(['/', '\\/'])],
  ['\\\\\\\\/', () => pick(['/', '\\\\/'])]]
// What the u flag refuses and Annex B reads as literal text, and what no dialect takes.
const BARE = [['{', '{'], ['}', '}'], [']', ']'], ['{2}', ''], ['{,2}', '{,2}'], ['{1,', '{1,'], ['a{', 'a{'],
  ['x{2,1}', 'x'], ['*', ''], ['?', ''], [')', ')'], ['(', '('], ['[', '['], ['\\', '\\'], ['(?', '('], ['(?<', '('],
  ['(?<n1', '(']]

const CLASS_CHARS = ['a', 'b', 'k', 's', 'z', 'A', 'K', 'S', 'Z', '0', '9', '-', '.', '_', ' ', '$', '*', '(', '/', '|',
  'é', 'ß', 'ſ', 'K', 'K', '😀', '中', 'σ', '^', '[', '?']
const CLASS_ITEMS = [['\\]', ']'], ['\\\\', '\\'], ['\\-', '-'], ['\\^', '^'], ['\\[', '['], ['\\b', '\b'],
  ['\\x41', 'A'], ['\\xe9', 'é'], ['\\u00e9', 'é'], ['\\u017f', 'ſ'], ['\\u212a', 'K'], ['\\u{1F600}', '😀'],
  ['\\uD83D\\uDE00', '😀'], ['\\0', '\0'], ['\\cA', '\x01'],
  ['\\/', '/'], ['\\.', '.'], ['\\t', '\t'], ['\\n', '\n'], ['\\v', '\v'], ['\\u2028', '\u2028'], ['[:alpha:]', 'a'],
  ['\\p{L}', 'é'], ['\\P{L}', '1'], ['\\p{Lu}', 'K'], ['\\p{Ll}', 'ſ'], ['\\p{Script=Greek}', 'σ']]
const WILD_CLASS_ITEMS = [['\\B', 'B'], ['\\1', '\x01'], ['\\8', '8'], ['\\c1', 'c'], ['\\c_', '\x1f'], ['\\k', 'k'],
  ['\\a', 'a'], ['\\ ', ' '], ['\\p{Foo}', 'p'], ['{', '{'], ['}', '}'], ['\\c', 'c'], ['\\x{41}', 'A']]
const RANGES = [['a-z', 'akszſK'], ['A-Z', 'AKSZ'], ['0-9', '05'], ['a-f', 'af'], ['k-k', 'kK'], ['s-s', 'sſ'],
  ['A-z', 'A_z'], ['à-ÿ', 'éàÿß'], ['\\u0100-\\u017f', 'ſ'], ['\\u2100-\\u212f', 'K'], ['\\x00-\\x7f', 'a\0'],
  ['\\x41-\\x5a', 'AK'], ['😀-😂', '😀😁'], ['\\u{1F600}-\\u{1F64F}', '😀'], ['\\uD83D\\uDE00-\\uD83D\\uDE4F', '😀'],
  ['a-\\u{1F600}', 'aé'], ['+-/', ',-'],
  ['\\0-\\x1f', '\t'], ['\\cA-\\cZ', '\x05'], ['\\b-\\n', '\t']]
const SURROGATE_RANGES = [['\\ud800-\\udbff', '\ud800\ud83d'], ['\\udc00-\\udfff', '\udc00\ude00'],
  ['\\uD83D', '\ud83d'], ['\\ud800', '\ud800']]
const WILD_RANGES = [['z-a', 'z'], ['\\d-z', '1z-'], ['a-\\d', 'a-1'], ['\\w-.', '.-_'], ['\\s-\\S', '-'],
  ['a-\\p{L}', 'a']]

const pickGen = ([src, gen]) => node(src, typeof gen === 'function' ? gen : () => gen)
const charsGen = s => { const cs = [...s]; return () => pick(cs) }

function classNode() {
  if (chance(0.04)) return pick([node('[]', ''), node('[^]', any)])
  const negated = chance(0.3)
  let src = negated ? '[^' : '['
  const gens = []
  if (chance(0.1)) { src += '-'; gens.push(() => '-') }
  for (let n = 1 + below(4); n > 0; n--) {
    const r = random()
    if (r < 0.35) { const c = pick(CLASS_CHARS); src += c; gens.push(() => c) }
    else if (r < 0.55) { const [s, g] = pickRisk(CLASS_ITEMS, WILD_CLASS_ITEMS); src += s; gens.push(() => g) }
    else if (r < 0.75) { const [s, g] = pick(CLASS_ESCAPES); src += s; gens.push(g) }
    else if (r < 0.97) { const [s, cs] = pickRisk(RANGES, WILD_RANGES); src += s; gens.push(charsGen(cs)) }
    else { const [s, cs] = pick(SURROGATE_RANGES); src += s; gens.push(charsGen(cs)) }
  }
  if (chance(0.1)) { src += '-'; gens.push(() => '-') }
  src += ']'
  return node(src, negated ? () => chance(0.5) ? any() : pick(gens)() : () => pick(gens)())
}

// An atom, and whether a quantifier may follow it in every dialect.
function atom(depth) {
  const r = random()
  if (r < 0.30) { const c = pick(PLAIN); return node(c, c) }
  if (r < 0.36) return node('.', any)
  if (r < 0.455) return pickGen(pickRisk(ESCAPES, WILD_ESCAPES))
  if (r < 0.46) return pickGen(pick(SURROGATES))
  if (r < 0.54) return pickGen(pick(CLASS_ESCAPES))
  if (r < 0.57) return { ...node(pick(['\\b', '\\B']), ''), fixed: true }
  if (r < 0.62) { const [s, cs] = pickRisk(PROPERTIES, WILD_PROPERTIES); return node(s, charsGen(cs)) }
  if (r < 0.74) return classNode()
  if (r < 0.77) return { ...node(pick(['^', '$']), ''), fixed: true }
  if (r < 0.79) return node(pickRisk(BACKREFS, WILD_BACKREFS), () => pick(['', 'a', 'k<n1>']))
  if (r < 0.82) return pickGen(pick(SLASHES))
  if (r < 0.84 && risky()) return pickGen(pick(PCRE_ONLY))
  if (r < 0.86 && risky()) return pickGen(pick(BARE))
  if (depth >= 3) return node('a', 'a')
  return group(depth + 1)
}

const GROUPS = ['(', '(', '(?:', '(?:', '(?<n1>', '(?<n2>', '(?=', '(?!', '(?<=', '(?<!']
const WILD_GROUPS = ['(?>', '(?P<n1>', '(?|', '(?i:', '(?#', '(?<n-1>', '(?<1>']
function group(depth) {
  const inner = alternation(depth)
  const kind = pickRisk(GROUPS, WILD_GROUPS)
  const look = ['(?=', '(?!', '(?<=', '(?<!'].includes(kind)
  return { ...node(kind + inner.src + ')', look ? () => chance(0.3) ? inner.gen() : '' : inner.gen), fixed: look }
}

// Quantifiers: source, and how many times the sample repeats its atom.
const QUANTIFIERS = [['*', 0, 3], ['+', 1, 3], ['?', 0, 1], ['{2}', 2, 2], ['{1,3}', 1, 3], ['{2,}', 2, 4],
  ['{0}', 0, 0], ['{0,1}', 0, 1], ['{02}', 2, 2], ['*', 0, 3], ['+', 1, 3], ['?', 0, 1]]
// Counts beyond what engines with 16-bit counts take (rarer).
const BIG_QUANTIFIERS = [['{1,100000}', 1, 4], ['{65536}', 1, 1], ['{2147483648}', 1, 1], ['{0,65535}', 0, 2]]
const WILD_QUANTIFIERS = [['{,2}', 1, 1], ['{3,1}', 1, 1], ['{1}{2}', 2, 2], ['++', 1, 3], ['*+', 0, 3],
  ['?+', 0, 1], ['{2}+', 2, 2], ['{ 2}', 1, 1], ['{2 }', 1, 1]]
function quantified(depth) {
  const a = atom(depth)
  if (!chance(0.3) || (a.fixed && !risky())) return a
  const [q, lo, hi] = chance(0.05) ? pick(BIG_QUANTIFIERS) : pickRisk(QUANTIFIERS, WILD_QUANTIFIERS)
  const lazy = chance(0.25) ? '?' : ''
  return node(a.src + q + lazy, () => repeat(a.gen, lo, hi))
}

function sequence(depth) {
  const terms = []
  for (let n = 1 + below(depth ? 3 : 4); n > 0; n--) terms.push(quantified(depth))
  return node(terms.map(t => t.src).join(''), () => terms.map(t => t.gen()).join(''))
}

function alternation(depth) {
  const alts = [sequence(depth)]
  while (alts.length < 3 && chance(0.2)) alts.push(chance(0.08) ? node('', '') : sequence(depth))
  return node(alts.map(a => a.src).join('|'), () => pick(alts).gen())
}

// Case flips, insertions, and wrappings of a sampled string.
function mutate(s) {
  let cs = [...s]
  if (chance(0.3)) cs = cs.map(c => chance(0.5) ? (chance(0.5) ? c.toUpperCase() : c.toLowerCase()) : c)
  if (chance(0.25)) cs.splice(below(cs.length + 1), 0, pick(EXOTIC))
  if (chance(0.15) && cs.length) cs.splice(below(cs.length), 1)
  let out = cs.join('')
  if (chance(0.2)) out = pick(EXOTIC) + out
  if (chance(0.2)) out += pick(EXOTIC)
  return out
}

const DIALECTS = [
  ['fjs', s => new RegExp(s.replace(/\\*\//g, '\\/'))],
  ['ajv', s => new RegExp(s, 'u')],
  ['ajv-i', s => new RegExp(s, 'iu')],
  ['ajv-nonunicode', s => new RegExp(s)]]

const lines = []
function emit(source, subjects) {
  for (const [name, make] of DIALECTS) {
    let re
    try { re = make(source) } catch (e) {
      lines.push(JSON.stringify({ source, dialect: name, error: e.message }))
      continue
    }
    const matches = subjects.map(s => re.test(s) ? '1' : '0').join('')
    lines.push(JSON.stringify({ source, dialect: name, subjects, matches }))
  }
}

// Random sources.
const seen = new Set()
let made = 0
while (made < count) {
  risk = pick([0, 0.02, 0.05, 0.05, 0.15, 0.4])
  const tree = alternation(0)
  const source = tree.src
  if (source.length > 40 || seen.has(source)) continue
  seen.add(source)
  const alphabet = [...new Set([...source])]
  const subjects = new Set()
  for (let tries = 0; subjects.size < 6 && tries < 30; tries++) {
    let s
    if (tries < 3) s = tree.gen()
    else if (tries < 5) s = mutate(tree.gen())
    else s = repeat(() => chance(0.65) ? pick(alphabet) : pick(EXOTIC), 0, 4)
    if ([...s].length <= 8) subjects.add(s)
  }
  emit(source, [...subjects])
  made++
}

// Hand-picked: where the dialects and PCRE-style engines are known to part.
const LETTERS = ['a', 'A', 'é', 'É', 'ß', 'ſ', 'K', 'k', 'K', 'α', 'Ω', 'σ', 'ς', '1', '١', '😀', '中', ' ', '_',
  '\ud800', '']
const cases = [
  ['^\\S+$', ['café', 'cafe', 'café ', '\u00a0', '\ufeff', '\u2028', '\u200b', '😀', '\ud800', '']],
  ['^\\D+$', ['größe', 'gr0ße', '١٢', '😀', '\ud800', '']],
  ['^\\W$', ['é', 'ſ', 'K', 'K', '_', 'a', '😀', '\ud800', '\udc00', '-']],
  ['^\\w$', ['é', 'ſ', 'K', 'K', 'k', 's', '_', '😀']],
  ['^\\s$', SPACES.concat(['\u2029', '\u000b', '\u000c', '\u2000', '\u200a', '\u202f', '\u205f', 'a'])],
  ['^\\d$', ['1', '١', '１', 'a']],
  ['\\bé', ['é', 'aé', ' é', 'é ']], ['a\\b', ['a', 'aé', 'a ', 'a_']], ['^\\B$', ['', 'a']],
  ...['\\p{General_Category=Letter}', '\\p{gc=Lu}', '\\p{Lowercase_Letter}', '\\p{L&}', '\\p{Latin}',
    '\\p{Script=Latin}', '\\p{sc=Grek}', '\\p{Script_Extensions=Greek}', '\\p{scx=Grek}', '\\p{Any}', '\\p{ASCII}',
    '\\p{Assigned}', '\\p{Lu}', '\\p{Ll}', '\\p{Lt}', '\\p{LC}', '\\p{Cased_Letter}', '\\p{Nd}', '\\p{digit}',
    '\\p{Emoji}', '\\p{ID_Start}', '\\p{Alphabetic}', '\\p{White_Space}', '\\p{Uppercase}', '\\P{Ll}', '\\p{Greek}',
    '\\p{IsGreek}', '\\p{InGreek}', '\\pL', '\\p{^L}', '\\p{L}', '\\p{Cn}', '\\p{Co}', '\\p{Cs}', '\\p{Xan}',
    '\\p{Lu}+', '^\\p{Lu}$', '^\\P{Lu}$', '^[\\p{Lu}]$', '^[^\\p{Lu}]$', '^[\\P{Lu}]$', '^\\p{Lowercase}$']
    .map(p => [p, LETTERS.concat(['p{L}', 'pL', 'p{Latin}'])]),
  ...['(?i)a', '(?>a)', 'a++', '(?|a)', '(*FAIL)', '(?#c)', '(?P<n>x)', 'a{1}{2}', '(?<=a)+', 'a{1,100000}',
    '(?i:a)', 'a*+', '(?P<n>x)(?P=n)', '\\Qa.b\\E', '(?R)?', '(a)(?1)', '\\A', 'a\\Z', 'a\\z', '\\Ga', '\\K',
    '\\x{41}', '\\o{101}', '\\e', '\\a', '\\h', '\\R', '\\X', '\\N', '(?(1)a|b)', '(a)\\g1', '(a)\\g{1}',
    '(?<n>a)\\g{n}', '(?<n>a)(?&n)', '(*UTF)a', '(*CR)a', '(?m)^a', '(?s).', '(?x)a b']
    .map(p => [p, ['a', 'A', 'aa', 'x', 'xx', '', 'a.b', 'axb', 'A', 'e', 'h', 'R', 'c', '\x1b', '\x07', 'b', '\n',
      '(?i)a', 'P<n>x']]),
  ['[[:alpha:]]', ['a', ':', 'a]', ':]', '[', 'p']], ['[[:digit:]]+', ['1', 't', 't]', '']],
  ['[[:^alpha:]]', ['1', '^]', 'a]']],
  ['^.{1,100000}$', ['abc', '', 'a\nb', '😀']], ['^a{0,65535}$', ['aaa']], ['^a{65536}$', ['aaa']],
  ['^a{2147483648}$', ['aaa']], ['^a{4294967296,}$', ['aaa']],
  ['\\8', ['8', '\\8', '\x08', '']], ['\\9', ['9']], ['(a)\\8', ['a8']], ['\\08', ['\x008', '8']],
  ['\\u{110000}', ['u{110000}', 'u', '']], ['\\u{3}', ['uuu', 'u{3}', '\x03']], ['\\u{1F600}', ['😀', 'u{1F600}']],
  ['^[\\u{1F600}]$', ['😀', 'u', '{', '}']], ['\\x{41}', ['A', 'x{41}']],
  ['[]', ['', 'a', '\n', '😀', '\ud800']], ['[^]', ['', 'a', '\n', '😀', '\ud800']],
  ['^[^]$', ['😀', '\ud800', '\ud83d\ude00']], ['^[]$', ['']], ['a[]', ['a']], ['a[^]?$', ['a', 'a\n']],
  ['^(?:[\\ud800-\\udbff][\\udc00-\\udfff])+$', ['😀', '\ud800', '😀😀', '\udc00', '\ud800\udc00', 'a', '']],
  ['^[\\ud800-\\udfff]$', ['\ud800', '\udc00', '😀', '\ud83d']], ['\\ud83d', ['😀', '\ud83d', '\ud83da']],
  ['\\ude00', ['😀', '\ude00']], ['^\\uD83D\\uDE00$', ['😀']], ['^[\\uD83D\\uDE00]$', ['😀', '\ud83d', '\ude00']],
  ['\ud83d', ['😀', '\ud83d', 'a\ud83d']], ['^\ud800$', ['\ud800', '\ud800\ud800']], ['[\ud800]', ['\ud800', '😀']],
  ['\udc00+', ['\udc00\udc00', '\ud800\udc00']],
  ['^.$', ['😀', '\ud800', '\n', '\r', '\u2028', '\u2029', '\u0085', 'é', '']], ['^..$', ['😀', 'ab', 'é']],
  ['^[😀]$', ['😀', '\ud83d']], ['😀{2}', ['😀😀', '😀\ude00']], ['^[😀-😂]$', ['😁']], ['^[^a]$', ['😀', '\ud800']],
  ['^\\S$', ['😀', '\ud800']], ['^\\W$', ['😀']],
  ['^(?:(a+)+b|a*c?)$', ['a'.repeat(24), 'a'.repeat(24) + 'b', 'a'.repeat(24) + 'c']],
  ['^(?:ab|cd)*$', ['ab'.repeat(4096), 'ab'.repeat(4095) + 'a']],
  ['^(a|a)+$', ['a'.repeat(20), 'a'.repeat(20) + 'b']],
  ['^(a*)*b', ['a'.repeat(20)]],
  ['^a$', ['a\n', 'a', 'a\r', '\na']], ['a$', ['a\n', 'a\r\n']], ['^$', ['\n', '']], ['^b', ['a\nb']],
  ['k', ['K', 'K', 'k']], ['^k$', ['K', 'K']], ['^s$', ['ſ', 'S']], ['^ſ$', ['s', 'S', 'ſ']], ['^K$', ['k', 'K']],
  ['^ß$', ['ẞ', 'SS', 'ß']], ['^ẞ$', ['ß']], ['^σ$', ['ς', 'Σ', 'σ']], ['^é$', ['É', 'é']], ['^[a-z]$', ['K', 'ſ', 'K']],
  ['^[^k]$', ['K', 'K']], ['^[\\w]$', ['ſ', 'K']], ['^\\W$', ['ſ', 'K', 'S']], ['^[^\\W]$', ['ſ', 'K']],
  ['^[\\W]$', ['ſ', 'K']], ['\\bſ', ['ſ', 'aſ']], ['^[k-k]$', ['K', 'K']], ['^\\u212a$', ['k', 'K']],
  ['^\\x4b$', ['k', 'K']], ['^[\\u0130]$', ['i', 'I', 'İ']], ['^i$', ['İ', 'ı', 'I']],
  ['^(?:(a)|b)+\\1$', ['ab', 'aba', 'abb', 'aa']], ['^(a)?\\1b$', ['b', 'aab']], ['\\1(a)', ['a']],
  ['^(a\\1)$', ['a']], ['(a)|\\1b', ['b']], ['^(?:(a)|(b))+\\1\\2$', ['ab', 'abb', 'aba']],
  ['^(?<n>a)\\k<n>$', ['aa', 'a']], ['\\k<n>', ['k<n>']], ['\\k<n>(?<n>a)', ['a', 'k<n>a']],
  ['(?<n>a)|(?<n>b)', ['a', 'b']], ['(?<a-b>x)', ['x']], ['(?<$>x)\\k<$>', ['xx']], ['(?<é>x)', ['x']],
  ['(?<=a+)b', ['ab', 'b']], ['(?<=^a*)b', ['aab', 'cb']], ['(?<=(a|bc))d', ['bcd', 'ad', 'd']],
  ['(?<=\\1(a))b', ['aab', 'ab']], ['(?<!a)b', ['ab', 'cb']], ['(?=a)*', ['a']], ['(?=a){2}b', ['ab']],
  ['(?!a)+', ['b']], ['^(?=(a+))a*b\\1', ['aaab', 'aaaba', 'aaabaaa']],
  ['[\\w-.]', ['-', '.', 'a', '!']], ['[\\w-]', ['-']], ['[a-\\d]', ['-', '5']], ['[\\d-z]', ['-', '5', 'y']],
  ['[\\s-\\d]', ['-', ' ']], ['[z-a]', ['m']], ['[\\b]', ['\b', 'b']], ['[\\B]', ['B']], ['[\\-]', ['-']],
  ['[\\c]', ['\\', 'c']], ['[\\c1]', ['\x11', 'c', '1', '\\']], ['[\\c_]', ['\x1f']], ['\\c', ['\\c', 'c']],
  ['\\c1', ['\\c1', '\x11']], ['\\cA', ['\x01', 'cA']], ['\\ca', ['\x01']], ['[\\01]', ['\x01', '0', '1']],
  ['\\01', ['\x01']], ['\\0', ['\0', '0']], ['\\00', ['\0', '\0\0']], ['\\1', ['\x01', '1']], ['\\07', ['\x07']],
  ['\\377', ['\u00ff']], ['\\400', ['\x200', '\u0100']], ['\\x4', ['x4', '\x04']], ['\\u12', ['u12']],
  ['\\a', ['a', '\x07']], ['\\-', ['-']], ['\\ ', [' ']], ['\\é', ['é']], ['{', ['{']], ['}', ['}']], [']', [']']],
  ['a{', ['a{']], ['a{,2}', ['a{,2}', 'aa']], ['a{1,2', ['a{1,2']], ['x{2,1}', ['xx']], ['{2}', ['']],
  ['^a{2,1$', ['a{2,1', 'aa']], ['x{2,1', ['x{2,1']], ['^[{2,1]$', ['{', '2']], ['^\\p{2,1$', ['p{2,1']],
  ['x{2,1}?', ['xx']], ['a{99999999999,1}', ['a']], ['^(?<n>x)[\\k]$', ['xk']], ['^[\\k]$', ['k']],
  ['a{2}', ['aa', 'a']], ['a{1,3}', ['aaaa', '']], ['a{2,}', ['aaaaa', 'a']], ['a{2,3}?b', ['aab']],
  ['a*?', ['']], ['a+?b', ['aab']], ['a??', ['']], ['a{0}b', ['b']],
  ['a/b', ['a/b', 'a\\/b', 'ab']], ['a\\/b', ['a/b', 'a\\/b']], ['a\\\\/b', ['a/b', 'a\\/b', 'a\\\\/b']],
  ['a\\\\\\/b', ['a/b', 'a\\/b']], ['a\\\\\\\\/b', ['a/b', 'a\\\\/b']], ['^\\/$', ['/']], ['^/$', ['/']],
  ['[/]', ['/']], ['[\\/]', ['/', '\\']], ['[\\\\/]', ['/', '\\']], ['\\\\', ['\\']], ['a\\\\', ['a\\']],
  ['^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$',
    [base64(15000), base64(2), base64(4), 'QUJD!', '', 'QQ==', 'QUI=', 'QUJ']],
  ['^[a-zA-Z0-9.!#$%&\'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$',
    ['a@b.c', 'é@b.c', 'a@b..c', 'a/b@c.d']],
  ['^(?:[a-z0-9!#$%&\'*+/=?^_`{|}~-]+(?:\\.[a-z0-9!#$%&\'*+/=?^_`{|}~-]+)*)@', ['A@x', 'K@x', 'ſ@x']],
  ['^\\d{4}-[01]\\d-[0-3]\\d$', ['2024-01-31', '２０２４-01-31']],
]
// A base64 string of n bytes (20,000 characters for 15,000).
function base64(n) { return Buffer.from(Array.from({ length: n }, (_, i) => (i * 131 + 7) & 255)).toString('base64') }
for (const [source, subjects] of cases) emit(source, subjects)

console.log(lines.join('\n'))
