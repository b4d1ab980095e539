// Writes the KYC evaluation set: node_modules/.bin/node bench/kyc/make-set.ts (seeded: the same files every run).
// `--seed N --out DIR` writes another set elsewhere, to check that a change holds beyond the committed one.
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { drawIdentityDocument, encodeScan, photograph, type IdentityDocumentContent, type PhotoEffects, type ScanEffects } from '../../scripts/samples/identity-documents/index.ts'
import { seededRandom } from '../../src/shared/seeded-random.ts'

const SIZE = 48
const DPI = 250
const { values: args } = parseArgs({ options: { seed: { type: 'string', default: '20261126' }, out: { type: 'string' } } })
const SET = args.out ? pathToFileURL(args.out.replace(/\/?$/, '/')) : new URL('./set/', import.meta.url)

const SURNAMES = ['NOVAK', 'OKAFOR', 'LINDQVIST', 'MORENO', 'OBRIEN', 'KOWALSKA', 'DUBOIS', 'SCHMIDT', 'ROSSI', 'TANAKA', 'HAUGEN', 'VAN<DER<BERG', 'MACDONALD', 'QUINTERO', 'ZHANG', 'BYRNE', 'JANSSEN', 'PETROVA', 'SILVA', 'YILMAZ']
const GIVEN = ['OLIVIA', 'LIAM', 'SOFIA', 'NOAH', 'EMMA', 'MATEO', 'ZOE', 'OSKAR', 'IVY', 'JUAN CARLOS', 'AMELIE', 'BEN', 'GRETA', 'KAI', 'MARIE LOUISE', 'TOMASZ', 'YUKI', 'OWEN', 'ELIF', 'SAMUEL']
const STATES = ['GBR', 'FRA', 'D', 'NLD', 'SWE', 'ITA', 'ESP', 'IRL', 'POL', 'NOR', 'CAN', 'USA']
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const VARIANTS = ['clean', 'rotated', 'low-contrast', 'jpeg', 'photo', 'photo-turned'] as const

const random = seededRandom(Number(args.seed))
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
const digits = (n: number) => Array.from({ length: n }, () => String(Math.floor(random() * 10))).join('')
const letters = (n: number) => Array.from({ length: n }, () => pick([...LETTERS])).join('')
const day = (from: number, to: number) => new Date(Date.UTC(from, 0, 1) + Math.floor(random() * (to - from) * 365) * 86_400_000).toISOString().slice(0, 10)

function person (documentType: IdentityDocumentContent['documentType']): IdentityDocumentContent {
  const state = pick(STATES)
  const givenNames = pick(GIVEN)
  return {
    documentType,
    issuingState: state,
    surname: pick(SURNAMES).replace(/</g, ' '),
    givenNames,
    documentNumber: random() < 0.5 ? digits(9) : letters(2) + digits(7),
    nationality: random() < 0.8 ? state : pick(STATES),
    birthDate: day(1950, 2006),
    sex: random() < 0.5 ? 'female' : random() < 0.9 ? 'male' : 'unspecified',
    expirationDate: day(2024, 2036),
    personalNumber: documentType === 'Passport' && random() < 0.3 ? letters(2) + digits(7) : '',
  }
}

function photoOf (variant: typeof VARIANTS[number]): PhotoEffects | undefined {
  if (!variant.startsWith('photo')) return undefined
  const between = (low: number, high: number) => low + (high - low) * random()
  return {
    frameWidth: 1600,
    pageShare: between(0.55, 0.9),
    offset: [between(-0.06, 0.06), between(-0.06, 0.06)],
    tiltDeg: between(-10, 10),
    perspective: between(0, 0.08),
    lightFalloff: between(0, 0.45),
    ...(random() < 0.5 ? { glare: { x: between(0.2, 0.8), y: between(0.1, 0.5), radius: between(0.05, 0.12) } } : {}),
    blurPx: between(0, 1.2),
    quarterTurns: variant === 'photo-turned' ? pick([1, 2, 3] as const) : 0,
  }
}

function effectsOf (variant: typeof VARIANTS[number]): ScanEffects {
  if (variant.startsWith('photo')) return { jpegQuality: Math.round(40 + 40 * random()) }
  if (variant === 'rotated') return { rotationDeg: (random() < 0.5 ? -1 : 1) * (2 + 3 * random()) }
  if (variant === 'low-contrast') return { contrastRange: [95, 185] }
  if (variant === 'jpeg') return { jpegQuality: 40 }
  return {}
}

await rm(SET, { recursive: true, force: true })
await mkdir(SET, { recursive: true })
const expected = []
for (let i = 0; i < SIZE; i++) {
  const variant = VARIANTS[i % VARIANTS.length]!
  const doc = person(random() < 0.5 ? 'Passport' : 'IdentityCard')
  const photo = photoOf(variant)
  const effects = effectsOf(variant)
  const file = `${String(i + 1).padStart(2, '0')}-${doc.documentType === 'Passport' ? 'td3' : 'td1'}-${variant}.${effects.jpegQuality ? 'jpeg' : 'png'}`
  const page = drawIdentityDocument(doc, DPI)
  await writeFile(new URL(file, SET), encodeScan(photo ? photograph(page, photo) : page, effects))
  expected.push({
    file,
    variant,
    ...(effects.rotationDeg ? { rotationDeg: Math.round(effects.rotationDeg * 100) / 100 } : {}),
    ...(photo ? { tiltDeg: Math.round(photo.tiltDeg * 100) / 100, quarterTurns: photo.quarterTurns } : {}),
    format: doc.documentType === 'Passport' ? 'TD3' : 'TD1',
    fields: {
      documentCode: doc.documentType === 'Passport' ? 'P' : 'I',
      issuingState: doc.issuingState,
      surname: doc.surname,
      givenNames: doc.givenNames,
      documentNumber: doc.documentNumber,
      nationality: doc.nationality,
      birthDate: doc.birthDate,
      sex: doc.sex,
      expirationDate: doc.expirationDate,
      personalNumber: doc.personalNumber || null,
    },
  })
}
await writeFile(new URL('expected.json', SET), JSON.stringify({ now: '2026-11-26T00:00:00Z', documents: expected }, null, 2) + '\n')
console.log(`${SIZE} documents written to ${SET.pathname}`)
