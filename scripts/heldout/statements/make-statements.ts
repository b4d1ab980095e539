// Makes a held-out set of UK bank statements with tools idcheck did not write (LibreOffice, Chromium,
// Ghostscript, reportlab), their scans, and edited copies, with a manifest of what each file says.
// npm run heldout:statements -- --seed N [--out DIR] [--count 24]
// Tools: scripts/heldout/install-statement-tools.sh. Tune on seed 1; seed 2 is for the reported figure only.
import { execFileSync } from 'node:child_process'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { EDIT_KINDS, editStatement } from './statement-edits.ts'
import { LAYOUTS } from './statement-layouts.ts'
import { renderPdf, TOOLS } from './statement-renderers.ts'
import { scan, scanSettings } from './statement-scans.ts'
import { expectedFields, makeTruth, seeded } from './statement-truth.ts'

const { values } = parseArgs({ options: { seed: { type: 'string', default: '1' }, out: { type: 'string' }, count: { type: 'string', default: '24' } } })
const seed = Number(values.seed)
const count = Number(values.count)
const out = values.out ?? `/tmp/idcheck-heldout/statements-seed-${seed}`
const now = new Date()

function version (command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim().split('\n')[0]!
  } catch {
    throw new Error(`${command} is missing: run scripts/heldout/install-statement-tools.sh`)
  }
}

const tools = {
  libreoffice: version('soffice', ['--version']),
  chromium: version('chromium', ['--version']),
  ghostscript: `Ghostscript ${version('gs', ['--version'])}`,
  reportlab: `reportlab ${version('/usr/bin/python3', ['-c', 'import reportlab; print(reportlab.Version)'])}`,
  imagemagick: version('/usr/bin/convert', ['-version']),
  img2pdf: version('img2pdf', ['--version']),
}

await rm(out, { recursive: true, force: true })
for (const folder of ['genuine', 'scans', 'edited']) await mkdir(join(out, folder), { recursive: true })

const files: unknown[] = []
const random = seeded(seed * 7919 + 17)
for (let i = 0; i < count; i++) {
  const tool = TOOLS[i % TOOLS.length]!
  const layout = LAYOUTS[Math.floor(i / TOOLS.length) % LAYOUTS.length]!
  const face = random() < 0.5 ? 0 : 1
  const truth = makeTruth(random)
  const name = `${String(i + 1).padStart(3, '0')}-${tool}-${layout}`
  const pdf = await renderPdf(tool, { truth, layout, face })
  const source = `genuine/${name}.pdf`
  await writeFile(join(out, source), pdf)
  const described = { tool, layout, face, truth }
  files.push({ file: source, set: 'genuine', ...described, expected: expectedFields(truth) })

  const settings = scanSettings(random)
  const scanned = await scan(pdf, settings)
  const image = i % 2 === 0 ? { file: `scans/${name}.jpg`, bytes: scanned.jpeg } : { file: `scans/${name}.png`, bytes: scanned.png }
  for (const made of [image, { file: `scans/${name}-scan.pdf`, bytes: scanned.pdf }]) {
    await writeFile(join(out, made.file), made.bytes)
    files.push({ file: made.file, set: 'scan', source, scan: settings, ...described, expected: expectedFields(truth) })
  }

  const kind = EDIT_KINDS[i % EDIT_KINDS.length]!
  const edited = await editStatement({ kind, tool, layout, face, truth, genuine: pdf, random, now })
  const editedFile = `edited/${name}-${kind}.pdf`
  await writeFile(join(out, editedFile), edited.pdf)
  files.push({ file: editedFile, set: 'edited', source, edit: { kind, detail: edited.detail }, tool, layout, face, truth: edited.truth, expected: expectedFields(edited.truth) })
  process.stdout.write(`${name} `)
}
await writeFile(join(out, 'manifest.json'), JSON.stringify({ seed, count, madeAt: now.toISOString(), tools, files }, null, 1))
console.log(`\n${files.length} files in ${out}`)
