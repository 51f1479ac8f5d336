#!/usr/bin/env node
'use strict'
// The Node side of the comparison: the cases sj_bench runs (fjs-bench.jsonl,
// fjs-api-responses.jsonl, the three documents, and with --cases the seed rows that
// build/bench/sj_seed_rows prints) through fast-json-stringify 7.3.6 and JSON.stringify, each
// on a value parsed once, output consumed. Prints JSON Lines
// {"name": "fjs/<case>" | "documents/<name>" | "seed/<row>", "fjs_ns", "json_stringify_ns",
//  "text_fjs_ns" (JSON.parse of the text, then fjs: text to text), "bytes"}
// for bench/compare_table.py to merge with sj_bench's JSON output; for the regex rows of the
// --cases file ({"name": "pattern/<name>/<kind>", "regex", "subject"}) {"name", "regex_ns",
// "matches"}: one RegExp.prototype.test with the u flag (Ajv's `pattern`), loop included.
//
//   node bench/node_bench.js [--lib DIR] [--shared DIR] [--ms N] [--cases FILE] > node.jsonl
//   --lib DIR     folder holding node_modules/fast-json-stringify (default: require's search)
//   --shared DIR  the shared bench folder (default: ../shared/bench beside the checkout)
//   --ms N        time per measurement (default 300)
//   --cases FILE  more cases, JSON Lines {"name", "schema", "options", "input"}
const fs = require('fs')
const path = require('path')

const args = { lib: null, shared: path.join(__dirname, '..', '..', 'shared', 'bench'), ms: 300, cases: null }
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i]
  if (a === '--lib') args.lib = process.argv[++i]
  else if (a === '--shared') args.shared = process.argv[++i]
  else if (a === '--ms') args.ms = Number(process.argv[++i])
  else if (a === '--cases') args.cases = process.argv[++i]
}
const fjs = require(args.lib ? path.join(path.resolve(args.lib), 'node_modules', 'fast-json-stringify') : 'fast-json-stringify')

// ns per call of fn(): batches grow until one takes ~10 ms, then the best of the batches run
// in args.ms (the minimum is the least disturbed by GC and the VM's neighbours).
function measure (fn) {
  let n = 1
  let sink = 0
  for (;;) {
    const t0 = process.hrtime.bigint()
    for (let i = 0; i < n; i++) sink += fn().length
    if (Number(process.hrtime.bigint() - t0) > 1e7) break
    n *= 2
  }
  let best = Infinity
  const end = Date.now() + args.ms
  while (Date.now() < end) {
    const t0 = process.hrtime.bigint()
    for (let i = 0; i < n; i++) sink += fn().length
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / n)
  }
  if (sink < 0) console.error(sink)
  return best
}

function run (name, schema, options, inputText) {
  const value = JSON.parse(inputText)
  const stringify = fjs(schema, options || {})
  const out = stringify(value)
  const row = {
    name,
    fjs_ns: measure(() => stringify(value)),
    json_stringify_ns: measure(() => JSON.stringify(value)),
    text_fjs_ns: measure(() => stringify(JSON.parse(inputText))),
    bytes: out.length
  }
  console.log(JSON.stringify(row))
}

function search (name, source, subject) {
  const re = new RegExp(source, 'u')
  const row = { name, regex_ns: measure(() => (re.test(subject) ? 'yes' : 'no')), matches: re.test(subject) }
  console.log(JSON.stringify(row))
}

for (const file of ['fjs-bench.jsonl', 'fjs-api-responses.jsonl']) {
  const p = path.join(args.shared, file)
  if (!fs.existsSync(p)) { console.error(`node_bench: ${p} not found: skipped`); continue }
  for (const line of fs.readFileSync(p, 'utf8').split('\n')) {
    if (!line.trim()) continue
    const c = JSON.parse(line)
    run('fjs/' + c.name.replace(/ /g, '_'), c.schema, c.options, c.input)
  }
}
for (const doc of ['twitter', 'citm_catalog', 'canada']) {
  const data = path.join(args.shared, 'data', doc + '.json')
  const schema = path.join(args.shared, 'schemas', doc + '.json')
  if (!fs.existsSync(data) || !fs.existsSync(schema)) { console.error(`node_bench: ${doc} not found: skipped`); continue }
  run('documents/' + doc, JSON.parse(fs.readFileSync(schema, 'utf8')), {}, fs.readFileSync(data, 'utf8'))
}
if (args.cases) {
  for (const line of fs.readFileSync(args.cases, 'utf8').split('\n')) {
    if (!line.trim()) continue
    const c = JSON.parse(line)
    if (c.regex !== undefined) search(c.name, c.regex, c.subject)
    else run(c.name, c.schema, c.options, c.input)
  }
}
