#!/usr/bin/env node
'use strict'
// Random regular expression sources that JavaScript's RegExp accepts without the u flag, each
// with V8's reason for refusing it under the u flag ("" when it accepts it): the reference
// tests/unicode_regexp_test.cpp checks ir/unicode_regexp.cpp against. Deterministic.
//   node tests/data/unicode_regexp_sources.js [COUNT] > tests/data/unicode-regexp.jsonl
const count = Number(process.argv[2] || 6000)
const alphabet = ['\\', 'a', 'k', 'c', 'x', 'u', 'p', 'P', '{', '}', '[', ']', '(', ')', '?', '*', '+', '-', ',',
  '0', '1', '2', 'd', 'w', 'b', 'B', '<', '>', '=', '!', '^', '$', '.', '|', 'L', '4', 'f', '/', ':', 'n']
let seed = 20261206
const random = () => { seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff; return seed / 0x80000000 }
const seen = new Set()
const lines = []
while (lines.length < count) {
  let source = ''
  for (let n = 1 + Math.floor(random() * 7); n > 0; n--) source += alphabet[Math.floor(random() * alphabet.length)]
  if (seen.has(source)) continue
  seen.add(source)
  try { new RegExp(source) } catch (e) { continue } // the meta-schema's check refuses it first
  let reason = ''
  try { new RegExp(source, 'u') } catch (e) { reason = e.message.replace(/^Invalid regular expression: \/.*\/u: /s, '') }
  lines.push(JSON.stringify([source, reason]))
}
console.log(lines.join('\n'))
