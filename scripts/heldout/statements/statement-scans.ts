import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Random } from './statement-truth.ts'

const run = promisify(execFile)
const TOOL_TIMEOUT_MS = 120_000
// /usr/local/bin may hold another `convert`; Debian's ImageMagick is called by its full path.
const CONVERT = '/usr/bin/convert'

/** How a page was scanned: what an office scanner on its grey setting and a careless hand give. */
/** noiseSeed seeds ImageMagick's noise, so a seed always makes the same scans. */
export interface ScanSettings { dpi: number, rotation: number, noise: number, blur: number, jpegQuality: number, noiseSeed: number }

export function scanSettings (random: Random): ScanSettings {
  const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places
  return {
    dpi: 150 + Math.floor(random() * 6) * 10,
    rotation: round((random() * 2 - 1) * 3, 2),
    noise: round(0.2 + random() * 0.5, 2),
    blur: round(0.2 + random() * 0.5, 2),
    jpegQuality: 45 + Math.floor(random() * 41),
    noiseSeed: Math.floor(random() * 1_000_000),
  }
}

/**
 * The first page of a PDF scanned: rendered grey by Ghostscript, then turned, blurred, given sensor
 * noise and a grey paper tone, and saved as JPEG by ImageMagick. Returned as that JPEG, as a PNG of
 * it (the JPEG's artefacts kept) and as an image-only PDF made by img2pdf.
 */
export async function scan (pdf: Uint8Array, settings: ScanSettings): Promise<{ jpeg: Uint8Array, png: Uint8Array, pdf: Uint8Array }> {
  const dir = await mkdtemp(join(tmpdir(), 'heldout-scan-'))
  try {
    const source = join(dir, 'source.pdf')
    await writeFile(source, pdf)
    const page = join(dir, 'page.png')
    await run('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pnggray', `-r${settings.dpi}`, '-dFirstPage=1', '-dLastPage=1',
      '-dTextAlphaBits=4', '-dGraphicsAlphaBits=4', `-sOutputFile=${page}`, source], { timeout: TOOL_TIMEOUT_MS })
    const jpeg = join(dir, 'scan.jpg')
    await run(CONVERT, ['-seed', String(settings.noiseSeed), page, '-background', 'white', '-rotate', String(settings.rotation), '+repage', '-blur', `0x${settings.blur}`,
      '-attenuate', String(settings.noise), '+noise', 'Gaussian', '+level', '7%,93%', '-colorspace', 'Gray', '-units', 'PixelsPerInch',
      '-density', String(settings.dpi), '-quality', String(settings.jpegQuality), jpeg], { timeout: TOOL_TIMEOUT_MS })
    const png = join(dir, 'scan.png')
    await run(CONVERT, [jpeg, png], { timeout: TOOL_TIMEOUT_MS })
    const imagePdf = join(dir, 'scan.pdf')
    await run('img2pdf', ['--output', imagePdf, jpeg], { timeout: TOOL_TIMEOUT_MS })
    return {
      jpeg: new Uint8Array(await readFile(jpeg)),
      png: new Uint8Array(await readFile(png)),
      pdf: new Uint8Array(await readFile(imagePdf)),
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
