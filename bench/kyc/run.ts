// npm run bench:kyc [-- --json] [-- --set DIR]: reads the evaluation set (bench/kyc/set, made by make-set.ts,
// or another one it wrote) through the OCR process, as the app does, and reports how well the MRZ is read and how fast.
// A DIR holding a manifest.json (npm run heldout:identity) is measured through the API instead: held-out-set.ts;
// --variant clean|scan|photo, --format TD1|TD3, --files REGEX (on file names) and --limit N take part of it while tuning; --figures-only for the report seed.
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { createStandaloneOcr } from '../../src/infra/ocr/ocr-standalone.ts'
import { MRZ_IMAGE_TASK_MODULE } from '../../src/modules/kyc/mrz/index.ts'
import { readMrz } from '../../src/modules/kyc/mrz/index.ts'
import type { MrzFields, MrzReading } from '../../src/modules/kyc/mrz/index.ts'
import { heldOutReport, printHeldOutReport, runHeldOutSet } from './held-out-set.ts'

interface Expected { file: string, variant: string, format: string, fields: MrzFields }
interface Outcome { file: string, variant: string, ms: number, read: boolean, reading: MrzReading | null, error?: string, wrongFields: string[] }

const { values: args } = parseArgs({ options: {
  json: { type: 'boolean', default: false }, set: { type: 'string' }, variant: { type: 'string' }, format: { type: 'string' }, files: { type: 'string' }, limit: { type: 'string' },
  'figures-only': { type: 'boolean', default: false },
} })
if (args.set && existsSync(`${args.set}/manifest.json`)) {
  let taken = 0
  const limit = Number(args.limit ?? Infinity)
  const files = args.files ? new RegExp(args.files) : null
  const keep = (doc: { file: string, variant: string, format: string }) => (!args.variant || doc.variant === args.variant) && (!args.format || doc.format === args.format) &&
    (!files || files.test(doc.file)) && taken++ < limit
  const { outcomes, peakRssMb, warmUpSeconds } = await runHeldOutSet(args.set, keep, (outcome) => { if (!args.json) process.stderr.write(outcome.read ? '.' : 'x') })
  const report = heldOutReport(args.set, outcomes, peakRssMb, warmUpSeconds)
  // The report seed's run shows its figures only: its failures are not to be tuned on.
  if (args['figures-only']) report.documents = []
  if (args.json) console.log(JSON.stringify(report, null, 2))
  else printHeldOutReport(report)
  process.exit(0)
}
const SET = args.set ? pathToFileURL(args.set.replace(/\/?$/, '/')) : new URL('./set/', import.meta.url)
const { now, documents } = JSON.parse(await readFile(new URL('expected.json', SET), 'utf8')) as { now: string, documents: Expected[] }
const asJson = args.json
const standalone = createStandaloneOcr({ maxPixels: 40_000_000, taskModules: [MRZ_IMAGE_TASK_MODULE] })
const ocr = standalone.forTenant('bench')
const kindOf = (file: string) => file.endsWith('.jpeg') ? 'jpeg' as const : file.endsWith('.pdf') ? 'pdf' as const : 'png' as const
const FIELDS = Object.keys(documents[0]!.fields) as (keyof MrzFields)[]

async function readOne (doc: Expected): Promise<Outcome> {
  const bytes = new Uint8Array(await readFile(new URL(doc.file, SET)))
  const started = performance.now()
  try {
    const reading = await readMrz(ocr, { bytes, kind: kindOf(doc.file) }, new Date(now))
    const ms = performance.now() - started
    const wrongFields = FIELDS.filter((field) => reading.fields[field] !== doc.fields[field])
    return { file: doc.file, variant: doc.variant, ms, reading, wrongFields, read: reading.valid && wrongFields.length === 0 && reading.format === doc.format }
  } catch (error) {
    return { file: doc.file, variant: doc.variant, ms: performance.now() - started, reading: null, error: (error as Error).message, wrongFields: FIELDS, read: false }
  }
}

// The first call starts the OCR process and its workers: measured apart from the per-document times.
const warmStarted = performance.now()
await readOne(documents[0]!)
const warmUpMs = performance.now() - warmStarted
const outcomes: Outcome[] = []
for (const doc of documents) {
  const outcome = await readOne(doc)
  outcomes.push(outcome)
  if (!asJson) process.stderr.write(outcome.read ? '.' : 'x')
}
await standalone.close()

const percentile = (values: number[], p: number) => { const sorted = [...values].sort((a, b) => a - b); return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! }
const ratio = (n: number, total: number) => Math.round((1000 * n) / total) / 10
const times = outcomes.map((outcome) => outcome.ms)
const variants = [...new Set(documents.map((doc) => doc.variant))]
const report = {
  documents: outcomes.length,
  readRatePercent: ratio(outcomes.filter((outcome) => outcome.read).length, outcomes.length),
  validCheckDigitsPercent: ratio(outcomes.filter((outcome) => outcome.reading?.valid).length, outcomes.length),
  fieldAccuracyPercent: Object.fromEntries(FIELDS.map((field) => [field, ratio(outcomes.filter((outcome) => !outcome.wrongFields.includes(field)).length, outcomes.length)])),
  failuresByVariant: Object.fromEntries(variants.map((variant) => {
    const of = outcomes.filter((outcome) => outcome.variant === variant)
    return [variant, { failed: of.filter((outcome) => !outcome.read).length, of: of.length }]
  })),
  msPerDocument: { p50: Math.round(percentile(times, 50)), p95: Math.round(percentile(times, 95)), max: Math.round(Math.max(...times)) },
  warmUpMs: Math.round(warmUpMs),
  failures: outcomes.filter((outcome) => !outcome.read).map((outcome) => ({
    file: outcome.file, error: outcome.error, lines: outcome.reading?.lines, failedCheckDigits: outcome.reading?.failedCheckDigits, wrongFields: outcome.wrongFields,
  })),
}

if (asJson) {
  console.log(JSON.stringify(report, null, 2))
} else {
  console.log(`\n\nKYC MRZ reading, ${report.documents} documents (${args.set ?? 'bench/kyc/set'})\n`)
  console.log(`MRZ read (every check digit valid, every field as expected)  ${report.readRatePercent} %`)
  console.log(`Every check digit valid                                      ${report.validCheckDigitsPercent} %`)
  console.log(`Time per document                                            p50 ${report.msPerDocument.p50} ms, p95 ${report.msPerDocument.p95} ms, max ${report.msPerDocument.max} ms (first call, starting the OCR process: ${report.warmUpMs} ms)\n`)
  console.log('Field              Accuracy')
  for (const [field, percent] of Object.entries(report.fieldAccuracyPercent)) console.log(`${field.padEnd(18)} ${percent} %`)
  console.log('\nVariant            Failed')
  for (const [variant, { failed, of }] of Object.entries(report.failuresByVariant)) console.log(`${variant.padEnd(18)} ${failed} of ${of}`)
  for (const failure of report.failures) console.log(`\n${failure.file}: ${failure.error ?? `wrong ${failure.wrongFields.join(', ') || 'none'}; failed check digits ${failure.failedCheckDigits?.join(', ') || 'none'}`}\n  ${failure.lines?.join('\n  ') ?? ''}`)
}
