// bench:kyc -- --set DIR, where DIR holds a manifest.json (npm run heldout:identity): each document uploaded through
// the API of an embedded app (PGlite in a temporary data directory, the production KYC engine) to a Person case made
// from its `case`, and its KYC check waited for, as an integrator would see it.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { buildApp, type App } from '../../src/app.ts'
import { loadConfig } from '../../src/config/config.ts'
import { UPLOAD_CONTENT_TYPE, uploadBody } from '../lib/documents.ts'

export interface ManifestDocument {
  file: string
  contentType: string
  documentType: 'Passport' | 'IdentityCard'
  format: 'TD1' | 'TD3'
  variant: string
  edit: string | null
  /** A forgery: the MRZ band laid flat over the photo or scan (`pastedOver`) after it was taken. */
  pasted?: boolean
  pastedOver?: 'photo' | 'scan'
  mrzFields: { surname: string, givenNames: string, documentNumber: string, dateOfBirth: string, expiryDate: string, nationality: string, issuingCountry: string, sex: string }
  printed: { surname: string, givenNames: string, documentNumber: string, dateOfBirth: string, expiryDate: string }
  case: { givenNames: string, surname: string, dateOfBirth: string }
}

interface Check { status: string, riskRating: { id: number, name: string } | null, result: KycResult | null, failureReason: string | null }
interface KycResult {
  mrz: { format: string, valid: boolean, failedCheckDigits: string[], issuingState: string, surname: string, givenNames: string, documentNumber: string, nationality: string, birthDate: string | null, sex: string, expirationDate: string | null }
  printed?: Record<string, string | null> | null
  printedComparison?: Record<string, { printed: string | null, mrz: string | null, outcome: string }> | null
  signals: { code: string, severity: string }[]
}

export interface Outcome { doc: ManifestDocument, seconds: number, cpuSeconds: number, check: Check, wrongFields: string[], read: boolean }

const SEX = { M: 'male', F: 'female', '<': 'unspecified' } as Record<string, string>

/** The fields of the MRZ as read that differ from what the generator wrote. */
function wrongFields (doc: ManifestDocument, mrz: KycResult['mrz']): string[] {
  const truth = doc.mrzFields
  const pairs: [string, string | null, string][] = [
    ['format', mrz.format, doc.format], ['surname', mrz.surname, truth.surname], ['givenNames', mrz.givenNames, truth.givenNames],
    ['documentNumber', mrz.documentNumber, truth.documentNumber], ['dateOfBirth', mrz.birthDate, truth.dateOfBirth],
    ['expiryDate', mrz.expirationDate, truth.expiryDate], ['nationality', mrz.nationality, truth.nationality],
    ['issuingCountry', mrz.issuingState, truth.issuingCountry], ['sex', mrz.sex, SEX[truth.sex] ?? truth.sex],
  ]
  return pairs.filter(([, read, expected]) => (read ?? '').replace(/</g, ' ').trim() !== expected).map(([field]) => field)
}

const PRINTED_FIELDS = { surname: 'surname', givenNames: 'givenNames', dateOfBirth: 'birthDate', documentNumber: 'documentNumber', expiryDate: 'expirationDate' } as const
const folded = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[^A-Z0-9-]+/g, ' ').trim()

/** The printed fields read otherwise than the page prints them (accents and case aside). */
function misreadPrinted (doc: ManifestDocument, printed: Record<string, string | null> | null | undefined): string[] {
  return Object.entries(PRINTED_FIELDS).filter(([truth, read]) => folded(printed?.[read] ?? '') !== folded(doc.printed[truth as keyof typeof PRINTED_FIELDS])).map(([truth]) => truth)
}

export function readManifest (dir: string): { seed: number, generator: string, documents: ManifestDocument[] } {
  return JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))
}

/** This process and every process it started (parsers, OCR workers): peak resident memory, sampled, and CPU time so far. */
function processTree () {
  const rssMb = (pid: string) => {
    try {
      const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))
      return Number(line?.replace(/\D/g, '') ?? 0) / 1024
    } catch { return 0 }
  }
  const statOf = (pid: string) => { try { return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ') } catch { return [] } }
  const parentOf = (pid: string) => statOf(pid)[1] ?? ''
  const descendants = () => {
    const parents = new Map(readdirSync('/proc').filter((p) => /^\d+$/.test(p)).map((pid) => [pid, parentOf(pid)]))
    const tree = new Set([String(process.pid)])
    for (let grew = true; grew;) {
      grew = false
      for (const [pid, parent] of parents) if (!tree.has(pid) && tree.has(parent)) { tree.add(pid); grew = true }
    }
    return [...tree]
  }
  let peak = 0
  const sample = () => { peak = Math.max(peak, descendants().reduce((sum, pid) => sum + rssMb(pid), 0)) }
  const timer = setInterval(sample, 250)
  // Clock ticks of 10 ms: user and system time of each live process, and of this one's ended children.
  const cpuSeconds = () => descendants().reduce((sum, pid) => {
    const fields = statOf(pid).slice(11, pid === String(process.pid) ? 15 : 13)
    return sum + fields.reduce((ticks, field) => ticks + Number(field), 0) / 100
  }, 0)
  return { peakMb: () => { sample(); return Math.round(peak) }, cpuSeconds, stop: () => clearInterval(timer) }
}

async function call (app: App, auth: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await app.inject({ method, url, headers: auth, payload: payload as object })
  if (res.statusCode >= 300) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`)
  return res.json()
}

/** Upload to a fresh case, then poll the document until its KYC check has settled; seconds from upload to settled. */
async function checkOne (app: App, auth: Record<string, string>, dir: string, doc: ManifestDocument, n: number): Promise<Outcome> {
  const [dobYear, dobMonth, dobDay] = doc.case.dateOfBirth.split('-').map(Number)
  const caseId = (await call(app, auth, 'POST', '/api/cases', { urn: `HELDOUT-${n}`, type: 'Person', givenNames: doc.case.givenNames, surname: doc.case.surname, dobDay, dobMonth, dobYear })).id
  const bytes = await readFile(join(dir, doc.file))
  const started = performance.now()
  const res = await app.inject({ method: 'POST', url: `/api/cases/${caseId}/documents`, headers: { ...auth, 'content-type': UPLOAD_CONTENT_TYPE }, payload: uploadBody(doc.documentType, doc.file, doc.contentType, bytes) })
  if (res.statusCode !== 201) {
    const check = { status: `upload ${res.statusCode}`, riskRating: null, result: null, failureReason: res.body }
    return { doc, seconds: (performance.now() - started) / 1000, cpuSeconds: 0, check, wrongFields: [], read: false }
  }
  const documentId = res.json().id
  for (let deadline = Date.now() + 180_000; Date.now() < deadline; await sleep(50)) {
    const { latestKyc } = await call(app, auth, 'GET', `/api/cases/${caseId}/documents/${documentId}`) as { latestKyc: Check | null }
    if (latestKyc && latestKyc.status !== 'pending') {
      const seconds = (performance.now() - started) / 1000
      const mrz = latestKyc.result?.mrz
      const wrong = mrz ? wrongFields(doc, mrz) : ['mrz']
      return { doc, seconds, cpuSeconds: 0, check: latestKyc, wrongFields: wrong, read: !!mrz && mrz.valid && mrz.failedCheckDigits.length === 0 && wrong.length === 0 }
    }
  }
  // Counted as a failure, not thrown: one stuck check is a finding of the run, not the end of it.
  const check = { status: 'no result within 180 s', riskRating: null, result: null, failureReason: null }
  return { doc, seconds: (performance.now() - started) / 1000, cpuSeconds: 0, check, wrongFields: ['mrz'], read: false }
}

/** Every document of the set (or those `keep` accepts) through an embedded app, one at a time. */
export async function runHeldOutSet (dir: string, keep: (doc: ManifestDocument) => boolean, progress: (outcome: Outcome) => void) {
  const dataDir = mkdtempSync(join(tmpdir(), 'idcheck-bench-kyc-'))
  const tree = processTree()
  // Limits a real tenant would raise for a batch this size; the engine and its sandboxing are production's.
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_PER_SECOND: '100000', OCR_PAGES_PER_HOUR_PER_ACCOUNT: '100000' })
  const app = await buildApp(config, { logger: false })
  const outcomes: Outcome[] = []
  let warmUpSeconds = 0
  try {
    const reseller = await app.services.accounts.createReseller({ name: 'Held-out KYC bench', serviceIds: 'all' })
    const { accessToken } = await call(app, {}, 'POST', '/api/authenticate', { clientId: reseller.clientId, clientSecret: reseller.clientSecret })
    const auth = { authorization: `Bearer ${accessToken}` }
    const documents = readManifest(dir).documents.filter(keep)
    // The first check starts the parser processes and loads the OCR model: timed apart, as a server does it once.
    const warmStarted = performance.now()
    if (documents[0]) await checkOne(app, auth, dir, documents[0], -1)
    warmUpSeconds = Math.round((performance.now() - warmStarted) / 100) / 10
    for (const [n, doc] of documents.entries()) {
      const cpuBefore = tree.cpuSeconds()
      const outcome = await checkOne(app, auth, dir, doc, n)
      outcome.cpuSeconds = tree.cpuSeconds() - cpuBefore
      outcomes.push(outcome)
      progress(outcome)
    }
  } finally {
    await app.close()
    tree.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { outcomes, peakRssMb: tree.peakMb(), warmUpSeconds }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0
}
const percent = (n: number, of: number) => of ? Math.round((1000 * n) / of) / 10 : 0
const hasSignal = (outcome: Outcome, code: string) => outcome.check.result?.signals.some((s) => s.code === code) ?? false
const isHigh = (outcome: Outcome) => outcome.check.riskRating?.id === 3

function group (outcomes: Outcome[]) {
  const genuine = outcomes.filter((o) => o.doc.edit === null)
  const edited = outcomes.filter((o) => o.doc.edit !== null)
  const times = outcomes.map((o) => o.seconds)
  const cpu = outcomes.map((o) => o.cpuSeconds)
  return {
    documents: outcomes.length,
    readPercent: percent(outcomes.filter((o) => o.read).length, outcomes.length),
    failedChecks: outcomes.filter((o) => o.check.status !== 'completed').length,
    highOnGenuine: genuine.filter(isHigh).length,
    highOnGenuineRead: genuine.filter((o) => o.read && isHigh(o)).length,
    genuine: genuine.length,
    vizMismatchOnEditedPercent: percent(edited.filter((o) => hasSignal(o, 'viz_mrz_mismatch')).length, edited.length),
    edited: edited.length,
    vizMismatchOnGenuinePercent: percent(genuine.filter((o) => hasSignal(o, 'viz_mrz_mismatch')).length, genuine.length),
    printedReadPercent: Object.fromEntries(Object.keys(PRINTED_FIELDS).map((field) =>
      [field, percent(outcomes.filter((o) => o.check.result && !misreadPrinted(o.doc, o.check.result.printed).includes(field)).length, outcomes.length)])),
    ratings: Object.fromEntries(['Low', 'Medium', 'High', 'none'].map((name) => [name, outcomes.filter((o) => (o.check.riskRating?.name ?? 'none') === name).length])),
    cpuSecondsPerDocument: { p50: Math.round(percentile(cpu, 50) * 100) / 100, p95: Math.round(percentile(cpu, 95) * 100) / 100 },
    secondsPerDocument: { p50: Math.round(percentile(times, 50) * 100) / 100, p95: Math.round(percentile(times, 95) * 100) / 100, max: Math.round(Math.max(0, ...times) * 100) / 100 },
  }
}

/** Figures for the whole set, per variant and format, against issue 30's goals. */
export function heldOutReport (dir: string, everything: Outcome[], peakRssMb: number, warmUpSeconds: number) {
  const manifest = readManifest(dir)
  // Pasted bands are counted on their own: the figures and goals below are the documents as issued or edited.
  const outcomes = everything.filter((o) => o.doc.pasted !== true)
  const pasted = everything.filter((o) => o.doc.pasted === true)
  const caught = (of: Outcome[]) => ({ flagged: of.filter((o) => hasSignal(o, 'mrz_band_pasted')).length, of: of.length })
  const keys = [...new Set(outcomes.map((o) => `${o.doc.variant} ${o.doc.format}`))].sort()
  const all = group(outcomes)
  const cleanAndScan = group(outcomes.filter((o) => o.doc.variant !== 'photo'))
  const counted = (g: ReturnType<typeof group>, met: boolean) => g.documents === 0 ? null : met
  const goals: Record<string, boolean | null> = {
    'read ≥ 97 % of all variants': counted(all, all.readPercent >= 97),
    'read 100 % of clean and scan': counted(cleanAndScan, cleanAndScan.readPercent === 100),
    'no genuine document High': counted(all, all.highOnGenuine === 0),
    'viz_mrz_mismatch on ≥ 95 % of edited': all.edited === 0 ? null : all.vizMismatchOnEditedPercent >= 95,
    'viz_mrz_mismatch on ≤ 1 % of genuine': all.genuine === 0 ? null : all.vizMismatchOnGenuinePercent <= 1,
    'p50 ≤ 1.5 s': counted(all, all.secondsPerDocument.p50 <= 1.5),
    'p95 ≤ 4 s': counted(all, all.secondsPerDocument.p95 <= 4),
  }
  return {
    set: dir, seed: manifest.seed, generator: manifest.generator, peakRssMb, warmUpSeconds, all,
    mrzBandPasted: {
      onPastedPhotos: caught(pasted.filter((o) => o.doc.pastedOver === 'photo')), onPastedScans: caught(pasted.filter((o) => o.doc.pastedOver === 'scan')),
      onOthers: caught(outcomes), onOtherPhotosAndScans: caught(outcomes.filter((o) => o.doc.variant !== 'clean')),
    },
    byVariantAndFormat: Object.fromEntries(keys.map((key) => [key, group(outcomes.filter((o) => `${o.doc.variant} ${o.doc.format}` === key))])),
    goals,
    documents: outcomes.map((o) => ({
      file: o.doc.file, edit: o.doc.edit, seconds: Math.round(o.seconds * 100) / 100, cpuSeconds: Math.round(o.cpuSeconds * 100) / 100, status: o.check.status, rating: o.check.riskRating?.name ?? null,
      read: o.read, wrongFields: o.wrongFields, failedCheckDigits: o.check.result?.mrz.failedCheckDigits ?? null,
      printedMisread: o.check.result ? misreadPrinted(o.doc, o.check.result.printed) : null,
      // What was read of each printed field beside what the page prints, for the fields read otherwise.
      printedRead: o.check.result ? Object.fromEntries(misreadPrinted(o.doc, o.check.result.printed).map((field) =>
        [field, { read: o.check.result!.printed?.[PRINTED_FIELDS[field as keyof typeof PRINTED_FIELDS]] ?? null, printed: o.doc.printed[field as keyof typeof PRINTED_FIELDS], outcome: o.check.result!.printedComparison?.[PRINTED_FIELDS[field as keyof typeof PRINTED_FIELDS]]?.outcome ?? null }])) : null,
      printedMismatches: Object.entries(o.check.result?.printedComparison ?? {}).filter(([, c]) => c.outcome === 'mismatch')
        .map(([field, c]) => `${field}: printed ${JSON.stringify(c.printed)}, MRZ ${JSON.stringify(c.mrz)}`),
      signals: o.check.result?.signals.map((s) => `${s.code}:${s.severity}`) ?? [], failureReason: o.check.failureReason,
    })),
  }
}

export function printHeldOutReport (report: ReturnType<typeof heldOutReport>): void {
  const row = (name: string, g: ReturnType<typeof group>) => console.log([
    name.padEnd(12), String(g.documents).padStart(5), `${g.readPercent} %`.padStart(8), String(g.failedChecks).padStart(7),
    `${g.highOnGenuine}/${g.genuine}`.padStart(9), `${g.vizMismatchOnEditedPercent} % of ${g.edited}`.padStart(13),
    `${g.vizMismatchOnGenuinePercent} %`.padStart(9), `${g.ratings.Low}/${g.ratings.Medium}/${g.ratings.High}/${g.ratings.none}`.padStart(12),
    `${g.secondsPerDocument.p50} / ${g.secondsPerDocument.p95}`.padStart(13),
    `${g.cpuSecondsPerDocument.p50} / ${g.cpuSecondsPerDocument.p95}`.padStart(13),
  ].join('  '))
  console.log(`\n\nKYC through the API, held-out set seed ${report.seed} (${report.set}, made by ${report.generator})\n`)
  console.log('            docs      read  failed  High/gen  viz on edited  viz on gen   L/M/H/none  p50 / p95 s  CPU p50/p95 s')
  for (const [key, g] of Object.entries(report.byVariantAndFormat)) row(key, g)
  row('all', report.all)
  console.log(`\nPrinted zone read as printed (accents and case aside): ${Object.entries(report.all.printedReadPercent).map(([field, p]) => `${field} ${p} %`).join(', ')}`)
  const band = report.mrzBandPasted
  console.log(`\nmrz_band_pasted: on ${band.onPastedPhotos.flagged} of ${band.onPastedPhotos.of} pasted photos and ${band.onPastedScans.flagged} of ${band.onPastedScans.of} pasted scans; on ${band.onOthers.flagged} of ${band.onOthers.of} other documents (${band.onOtherPhotosAndScans.flagged} of ${band.onOtherPhotosAndScans.of} photos and scans)`)
  console.log(`\nPeak RSS of the process and its children: ${report.peakRssMb} MB; first check, starting the parsers and OCR (not counted): ${report.warmUpSeconds} s\n`)
  for (const [goal, met] of Object.entries(report.goals)) console.log(`${met === null ? 'n/a    ' : met ? 'met    ' : 'MISSED '} ${goal}`)
  console.log('')
  for (const d of report.documents) {
    const wrong = !d.read || (d.edit === null && d.rating === 'High') || (d.edit !== null) !== d.signals.some((s) => s.startsWith('viz_mrz_mismatch'))
    if (wrong) console.log(`${d.file}: ${d.status} ${d.rating ?? ''} ${d.read ? 'read' : `not read (${d.wrongFields.join(', ')}; check digits ${d.failedCheckDigits?.join(', ') || 'none failed'})`} [${d.signals.join(' ')}] ${d.failureReason ?? ''}${d.edit ? ` (edited: ${d.edit})` : ''}`)
    if (wrong && d.printedMismatches.length) console.log(`  ${d.printedMismatches.join('; ')}`)
    if (wrong && d.printedMisread?.length) console.log(`  printed zone misread: ${d.printedMisread.join(', ')}`)
  }
}
