import { fileURLToPath } from 'node:url'
import { GlobalFonts, createCanvas } from '@napi-rs/canvas'
import type { Canvas, SKRSContext2D } from '@napi-rs/canvas'
import { mrzLines } from './mrz-lines.ts'
import type { IdentityDocumentContent } from './mrz-lines.ts'

// Fonts shipped with the samples, not the machine's: the images must be the same everywhere.
const FONTS = [
  { file: './fonts/DejaVuSansMono-subset.ttf', family: 'Idcheck Sample Mono' },
  { file: './fonts/DejaVuSansMono-Bold-subset.ttf', family: 'Idcheck Sample Mono Bold' },
  // OCR-B, the typeface ICAO 9303 prescribes for the MRZ (public domain, see fonts/LICENSE)
  { file: './fonts/OCRB.otf', family: 'Idcheck Sample OCR-B' },
]
const MONO = FONTS[0]!.family
const BOLD = FONTS[1]!.family
const OCR_B = FONTS[2]!.family

function useSampleFonts (): void {
  for (const { file, family } of FONTS) {
    if (GlobalFonts.has(family)) continue
    const path = fileURLToPath(new URL(file, import.meta.url))
    if (!GlobalFonts.registerFromPath(path, family)) throw new Error(`Cannot load the sample font ${path}`)
  }
}

/** ICAO 9303 sizes in millimetres: TD3 is the passport data page, TD1 the card. */
const SIZES = {
  Passport: { width: 125, height: 88, header: 'PASSPORT', mrzTop: 72 },
  IdentityCard: { width: 85.6, height: 54, header: 'IDENTITY CARD', mrzTop: 38.5 },
}
// OCR-B in an MRZ: 10 characters per inch, about 6 lines per inch, capitals 2.42 mm high (size 1);
// OCRB.otf's capitals are 0.70 of its font size.
const MRZ_PITCH_MM = 2.54
const MRZ_LINE_MM = 4.23
const MRZ_FONT_MM = 2.42 / 0.7

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC']
const printedDate = (iso: string) => `${iso.slice(8, 10)} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`
const SEX_PRINTED = { male: 'M', female: 'F', unspecified: 'X' } as const

function drawBackground (ctx: SKRSContext2D, mm: number, width: number, mrzTop: number): void {
  ctx.fillStyle = '#eef2f5'
  ctx.fillRect(0, 0, width * mm, 200 * mm)
  // A few guilloche-like waves above the MRZ, as security printing would have.
  ctx.strokeStyle = '#d3dde6'
  ctx.lineWidth = 0.15 * mm
  for (let k = 0; k < 6; k++) {
    ctx.beginPath()
    for (let x = 0; x <= width; x += 1) {
      const y = 8 + k * ((mrzTop - 14) / 6) + 2.5 * Math.sin((x + k * 7) / 6)
      if (x === 0) ctx.moveTo(x * mm, y * mm)
      else ctx.lineTo(x * mm, y * mm)
    }
    ctx.stroke()
  }
}

function drawPhoto (ctx: SKRSContext2D, mm: number, x: number, y: number, w: number, h: number): void {
  ctx.fillStyle = '#c9d0d6'
  ctx.fillRect(x * mm, y * mm, w * mm, h * mm)
  ctx.fillStyle = '#7d8893'
  ctx.beginPath()
  ctx.ellipse((x + w / 2) * mm, (y + h * 0.38) * mm, w * 0.22 * mm, h * 0.2 * mm, 0, 0, Math.PI * 2)
  ctx.fill()
  ctx.beginPath()
  ctx.ellipse((x + w / 2) * mm, (y + h) * mm, w * 0.42 * mm, h * 0.32 * mm, 0, Math.PI, Math.PI * 2)
  ctx.fill()
}

function drawFields (ctx: SKRSContext2D, mm: number, doc: IdentityDocumentContent, at: { x: number, y: number, step: number, scale: number }): void {
  const { x, y, step, scale } = at
  const fields: [string, string][] = [
    ['Surname', doc.surname],
    ['Given names', doc.givenNames],
    ['Nationality', doc.nationality],
    ['Date of birth', printedDate(doc.birthDate)],
    ['Sex', SEX_PRINTED[doc.sex]],
    ['Date of expiry', printedDate(doc.expirationDate)],
    ['Document no.', doc.documentNumber],
  ]
  fields.forEach(([label, value], i) => {
    ctx.fillStyle = '#3d4b5c'
    ctx.font = `${1.6 * scale * mm}px "${MONO}"`
    ctx.fillText(label, x * mm, (y + i * step) * mm)
    ctx.fillStyle = '#10161c'
    ctx.font = `${2.3 * scale * mm}px "${BOLD}"`
    ctx.fillText(value, x * mm, (y + i * step + 2.9 * scale) * mm)
  })
}

function drawMrz (ctx: SKRSContext2D, mm: number, lines: string[], left: number, firstBaseline: number, pageWidth: number): void {
  // The clear band ICAO keeps free of security print behind the MRZ.
  ctx.fillStyle = '#fbfbf8'
  ctx.fillRect(0, (firstBaseline - MRZ_LINE_MM - 1) * mm, pageWidth * mm, (lines.length * MRZ_LINE_MM + 2.5) * mm)
  ctx.fillStyle = '#0b0d10'
  ctx.font = `${MRZ_FONT_MM * mm}px "${OCR_B}"`
  ctx.textAlign = 'left'
  lines.forEach((line, row) => {
    for (let i = 0; i < line.length; i++) ctx.fillText(line[i]!, (left + i * MRZ_PITCH_MM) * mm, (firstBaseline + row * MRZ_LINE_MM) * mm)
  })
}

/** Draws the data page of a passport (TD3) or the face of an identity card (TD1) at `dpi`. */
export function drawIdentityDocument (doc: IdentityDocumentContent, dpi: number): Canvas {
  useSampleFonts()
  const mm = dpi / 25.4
  const size = SIZES[doc.documentType]
  const canvas = createCanvas(Math.round(size.width * mm), Math.round(size.height * mm))
  const ctx = canvas.getContext('2d')
  drawBackground(ctx, mm, size.width, size.mrzTop)
  ctx.fillStyle = '#1f3a5a'
  ctx.font = `${3 * mm}px "${BOLD}"`
  ctx.fillText(size.header, 5 * mm, 6.5 * mm)
  ctx.font = `${1.8 * mm}px "${MONO}"`
  ctx.fillText(`Issuing state ${doc.issuingState}`, (size.width - 32) * mm, 6.5 * mm)
  const isPassport = doc.documentType === 'Passport'
  const photo = isPassport ? { x: 5, y: 11, w: 32, h: 42 } : { x: 4, y: 9, w: 21, h: 27 }
  drawPhoto(ctx, mm, photo.x, photo.y, photo.w, photo.h)
  drawFields(ctx, mm, doc, { x: photo.x + photo.w + 5, y: photo.y + 1.5, step: isPassport ? 8.2 : 4, scale: isPassport ? 1 : 0.8 })
  const lines = mrzLines(doc)
  const left = (size.width - lines[0]!.length * MRZ_PITCH_MM) / 2
  drawMrz(ctx, mm, lines, left, size.mrzTop + MRZ_LINE_MM, size.width)
  return canvas
}
