// Writes an image integrity evaluation set with tools idcheck does not use to read images (ImageMagick
// draws and encodes, exiftool writes the metadata): node_modules/.bin/node bench/image-integrity/make-set.ts
// --seed N [--out DIR] [--originals K]. Tune on seed 1, report on seed 2; nothing of a set is committed.
import { execFileSync } from 'node:child_process'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { seededRandom } from '../../src/shared/seeded-random.ts'

const { values: args } = parseArgs({ options: { seed: { type: 'string', default: '1' }, out: { type: 'string' }, originals: { type: 'string', default: '12' } } })
const OUT = args.out ?? `/tmp/idcheck-image-integrity/seed-${args.seed}`
const random = seededRandom(Number(args.seed) * 7919)
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
const between = (low: number, high: number) => Math.round(low + (high - low) * random())

for (const [command, pkg] of [['convert', 'imagemagick'], ['exiftool', 'libimage-exiftool-perl']]) {
  execFileSync(new URL('../../scripts/install-debian-package.sh', import.meta.url).pathname, [command!, pkg!], { stdio: 'inherit' })
}

/** What editing programs write into EXIF Software or XMP, as they spell it. */
const EDITORS = [
  'Adobe Photoshop 25.4 (Windows)', 'Adobe Photoshop Lightroom Classic 13.1 (Macintosh)', 'GIMP 2.10.36', 'Snapseed 2.0',
  'Canva', 'Pixelmator Pro 3.5.6', 'Affinity Photo 2.3.0', 'PicsArt', 'Fotor', 'paint.net 5.0.12', 'Photopea', 'Adobe Photoshop Express',
]
const CAMERAS = [['Apple', 'iPhone 13'], ['samsung', 'SM-S911B'], ['Google', 'Pixel 7'], ['Canon', 'Canon EOS 80D'], ['Xiaomi', 'Redmi Note 12']]
const SCREENS = [[1170, 2532], [1080, 2400], [1284, 2778], [1920, 1080], [2560, 1440], [1440, 900], [1179, 2556]]
const CAPTURE_TOOLS = ['gnome-screenshot', 'Greenshot', 'ShareX', 'Spectacle', 'Flameshot']

interface Entry { file: string, category: string, expected: string[], detail: string }
const manifest: Entry[] = []

// One thread each: ImageMagick's own threads only fight over a shared machine's cores. PNGs at 8 bits, quickly deflated.
const magick = (...argv: string[]) => execFileSync('convert', [...argv.slice(0, -1), '-depth', '8', '-define', 'png:compression-level=1', argv.at(-1)!],
  { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, MAGICK_THREAD_LIMIT: '1' } })
const exiftool = (file: string, ...tags: string[]) => execFileSync('exiftool', ['-q', '-q', '-overwrite_original', ...tags, file])

/** A photo-like scene: a textured table, a card with printed lines, shading and sensor noise, lossless. */
function drawOriginal (path: string, width: number, height: number): void {
  const [cw, ch] = [Math.round(width * (0.55 + 0.3 * random())), Math.round(height * (0.5 + 0.3 * random()))]
  const [x, y] = [Math.round((width - cw) / 2), Math.round((height - ch) / 2)]
  const lines = Array.from({ length: 6 }, (_, i) => `text ${x + 40},${y + 80 + i * Math.round(ch / 8)} '${'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'.slice(i, i + 12 + between(0, 10))}'`)
  magick('-seed', String(between(1, 1_000_000)), '-size', `${width / 8}x${height / 8}`, 'plasma:#7a5c3a-#3b2a1a', '-resize', `${width}x${height}!`,
    '-fill', pick(['#f3efe4', '#e9eef2', '#f1e6f0']), '-draw', `roundrectangle ${x},${y} ${x + cw},${y + ch} 24,24`,
    '-fill', '#27313f', '-pointsize', String(Math.round(ch / 16)), '-draw', lines.join(' '),
    '-fill', '#8c96a8', '-draw', `rectangle ${x + cw - Math.round(cw / 3)},${y + 30} ${x + cw - 30},${y + Math.round(ch / 2)}`,
    '-blur', `0x${(0.4 + random()).toFixed(2)}`, '-attenuate', (0.2 + 0.4 * random()).toFixed(2), '+noise', 'Gaussian',
    '-fill', 'black', '-colorize', String(between(0, 15)), path)
}

function camera (file: string): void {
  const [make, model] = pick(CAMERAS)
  exiftool(file, `-Make=${make}`, `-Model=${model}`, '-DateTimeOriginal=2026:10:14 09:41:07', '-ExposureTime=1/120', '-FNumber=1.8', '-ISO=100')
}

function add (file: string, category: string, expected: string[], detail: string): void {
  manifest.push({ file, category, expected, detail })
}

await rm(OUT, { recursive: true, force: true })
await mkdir(OUT, { recursive: true })
const scratch = join(OUT, 'scratch')
await mkdir(scratch)

for (let i = 0; i < Number(args.originals); i++) {
  const [width, height] = pick([[1600, 1200], [1200, 1600], [2000, 1500], [1440, 1080]] as const)
  const master = join(scratch, `${i}.png`)
  drawOriginal(master, width, height)
  const name = (kind: string, ext: string) => `${String(i).padStart(2, '0')}-${kind}.${ext}`
  const at = (file: string) => join(OUT, file)

  // Genuine: a camera's single save at a quality between 60 and 97, sometimes turned by EXIF; a scan.
  const quality = between(60, 97)
  magick(master, '-quality', String(quality), at(name('camera', 'jpg')))
  camera(at(name('camera', 'jpg')))
  add(name('camera', 'jpg'), 'genuine camera JPEG', [], `quality ${quality}`)
  if (i % 3 === 0) {
    magick(master, '-quality', '92', at(name('camera-turned', 'jpg')))
    camera(at(name('camera-turned', 'jpg')))
    exiftool(at(name('camera-turned', 'jpg')), '-Orientation#=6')
    add(name('camera-turned', 'jpg'), 'genuine camera JPEG', [], 'quality 92, EXIF orientation 6')
  }
  const scanQuality = between(70, 95)
  magick(master, '-resize', '1240x1754!', '-colorspace', 'Gray', '-quality', String(scanQuality), at(name('scan', 'jpg')))
  add(name('scan', 'jpg'), 'genuine scan', [], `A4 at 150 dpi, grey, quality ${scanQuality}`)
  magick(master, '-resize', '1654x2339!', at(name('scan', 'png')))
  add(name('scan', 'png'), 'genuine scan', [], 'A4 at 200 dpi, PNG')

  // Edited: an editor's name in EXIF Software, in XMP CreatorTool or history, or in a PNG's text.
  const editor = pick(EDITORS)
  magick(master, '-quality', String(between(80, 95)), at(name('edited-exif', 'jpg')))
  camera(at(name('edited-exif', 'jpg')))
  exiftool(at(name('edited-exif', 'jpg')), `-Software=${editor}`)
  add(name('edited-exif', 'jpg'), 'edited', ['image_edited'], `EXIF Software "${editor}"`)
  const historyEditor = pick(EDITORS)
  magick(master, '-quality', String(between(80, 95)), at(name('edited-xmp', 'jpg')))
  camera(at(name('edited-xmp', 'jpg')))
  exiftool(at(name('edited-xmp', 'jpg')), ...(i % 2 === 0 ? [`-XMP-xmp:CreatorTool=${historyEditor}`] : ['-XMP-xmpMM:HistoryAction=saved', `-XMP-xmpMM:HistorySoftwareAgent=${historyEditor}`]))
  add(name('edited-xmp', 'jpg'), 'edited', ['image_edited'], `XMP ${i % 2 === 0 ? 'CreatorTool' : 'history'} "${historyEditor}"`)
  const pngEditor = pick(EDITORS)
  magick(master, '-resize', '50%', at(name('edited', 'png')))
  exiftool(at(name('edited', 'png')), `-PNG:Software=${pngEditor}`)
  add(name('edited', 'png'), 'edited', ['image_edited'], `PNG Software "${pngEditor}"`)

  // Screenshots: a phone's (iOS's "Screenshot" comment), a screen-sized capture with no camera data, a desktop tool's.
  const [sw, sh] = pick(SCREENS)
  magick(master, '-resize', `${sw}x${sh}!`, at(name('screenshot-ios', 'png')))
  exiftool(at(name('screenshot-ios', 'png')), '-XMP-exif:UserComment=Screenshot')
  add(name('screenshot-ios', 'png'), 'screenshot', ['screenshot'], `${sw} × ${sh}, XMP UserComment "Screenshot"`)
  const [pw, ph] = pick(SCREENS)
  magick(master, '-resize', `${pw}x${ph}!`, at(name('screenshot-plain', 'png')))
  add(name('screenshot-plain', 'png'), 'screenshot', ['screenshot'], `${pw} × ${ph}, no metadata`)
  const tool = pick(CAPTURE_TOOLS)
  magick(master, '-resize', '1000x700!', at(name('screenshot-tool', 'png')))
  exiftool(at(name('screenshot-tool', 'png')), `-PNG:Software=${tool}`)
  add(name('screenshot-tool', 'png'), 'screenshot', ['screenshot'], `PNG Software "${tool}"`)

  // Re-saved: a camera JPEG opened and saved again at a higher or a lower quality, its EXIF kept.
  const first = between(55, 85)
  const second = between(first + 8, 98)
  magick(master, '-quality', String(first), join(scratch, 'first.jpg'))
  magick(join(scratch, 'first.jpg'), '-quality', String(second), at(name('resaved-higher', 'jpg')))
  camera(at(name('resaved-higher', 'jpg')))
  add(name('resaved-higher', 'jpg'), 'resaved at a higher quality', ['jpeg_double_compression'], `quality ${first} then ${second}`)
  const high = between(82, 97)
  const low = between(55, high - 10)
  magick(master, '-quality', String(high), join(scratch, 'first.jpg'))
  magick(join(scratch, 'first.jpg'), '-quality', String(low), at(name('resaved-lower', 'jpg')))
  camera(at(name('resaved-lower', 'jpg')))
  add(name('resaved-lower', 'jpg'), 'resaved at a lower quality', ['jpeg_double_compression'], `quality ${high} then ${low}`)
  process.stdout.write('.')
}
await rm(scratch, { recursive: true, force: true })
await writeFile(join(OUT, 'manifest.json'), JSON.stringify({ seed: Number(args.seed), files: manifest }, null, 2))
console.log(`\n${manifest.length} files in ${OUT}`)
