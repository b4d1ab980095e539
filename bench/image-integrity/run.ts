// Image integrity's detection and false-alarm rates on a set from make-set.ts:
// node_modules/.bin/node bench/image-integrity/run.ts [--set DIR] (default: seed 1, the tune seed)
// [--genuine DIR]: every PNG and JPEG in DIR counts as genuine too (the held-out identity set's photos and clean images).
// Each file's signals come from the same function document risk runs in its sandbox.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { assessImageIntegrity } from '../../src/modules/documents/image-integrity/assess-image-integrity.ts'

const { values: args } = parseArgs({ options: { set: { type: 'string', default: '/tmp/idcheck-image-integrity/seed-1' }, genuine: { type: 'string' }, verbose: { type: 'boolean', default: false } } })
const CODES = ['image_edited', 'screenshot', 'jpeg_double_compression'] as const

interface Entry { file: string, category: string, expected: string[], detail: string }
const { files: made } = JSON.parse(await readFile(join(args.set, 'manifest.json'), 'utf8')) as { files: Entry[] }
const others = args.genuine === undefined ? [] : (await readdir(args.genuine)).filter((f) => /\.(png|jpe?g)$/.test(f)).sort()
  .map((f): Entry => ({ file: join(args.genuine!, f), category: 'genuine identity document (held-out generator)', expected: [], detail: f }))
const files = [...made, ...others]

const rows: { entry: Entry, codes: string[], ms: number }[] = []
for (const entry of files) {
  const bytes = new Uint8Array(await readFile(entry.file.startsWith('/') ? entry.file : join(args.set, entry.file)))
  const started = performance.now()
  const signals = await assessImageIntegrity({ bytes, kind: entry.file.endsWith('.png') ? 'png' : 'jpeg', purpose: 'identity' })
  rows.push({ entry, codes: signals.map((s) => s.code), ms: performance.now() - started })
  const missed = entry.expected.filter((c) => !signals.some((s) => s.code === c))
  const extra = signals.filter((s) => !entry.expected.includes(s.code)).map((s) => s.code)
  if (args.verbose || missed.length + extra.length > 0) console.log(`${entry.file} (${entry.detail}): ${missed.length ? `missed ${missed.join(', ')} ` : ''}${extra.length ? `raised ${extra.join(', ')}` : ''}`)
}

const pct = (n: number, of: number) => (of === 0 ? '–' : `${(100 * n / of).toFixed(1)} % (${n}/${of})`)
console.log(`\n${args.set}: ${rows.length} files\n`)
console.log('| category | files | caught (every expected signal) | any unexpected signal |')
console.log('|---|---|---|---|')
for (const category of [...new Set(files.map((f) => f.category))]) {
  const of = rows.filter((r) => r.entry.category === category)
  const caught = of.filter((r) => r.entry.expected.every((c) => r.codes.includes(c))).length
  const extra = of.filter((r) => r.codes.some((c) => !r.entry.expected.includes(c))).length
  console.log(`| ${category} | ${of.length} | ${of.some((r) => r.entry.expected.length) ? pct(caught, of.length) : '–'} | ${pct(extra, of.length)} |`)
}
console.log('\n| signal | detected where expected | false alarms where not expected |')
console.log('|---|---|---|')
for (const code of CODES) {
  const expecting = rows.filter((r) => r.entry.expected.includes(code))
  const notExpecting = rows.filter((r) => !r.entry.expected.includes(code) && (code !== 'jpeg_double_compression' || /\.jpe?g$/.test(r.entry.file)))
  console.log(`| \`${code}\` | ${pct(expecting.filter((r) => r.codes.includes(code)).length, expecting.length)} | ${pct(notExpecting.filter((r) => r.codes.includes(code)).length, notExpecting.length)} |`)
}
const times = rows.map((r) => r.ms).sort((a, b) => a - b)
console.log(`\ntime per image p50 ${Math.round(times[Math.floor(times.length / 2)]!)} ms, p95 ${Math.round(times[Math.floor(times.length * 0.95)]!)} ms`)
