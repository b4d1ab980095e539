/** A greyscale image, one byte a pixel, row after row. */
export interface GreyImage { width: number, height: number, pixels: Uint8Array }

/** A horizontal band of text rows, [top, bottom), with how busy its busiest row is. */
export interface TextBand { top: number, bottom: number, left: number, right: number, transitions: number }

export function toGrey (rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): GreyImage {
  const pixels = new Uint8Array(width * height)
  for (let i = 0, p = 0; p < pixels.length; i += 4, p++) pixels[p] = (rgba[i]! * 77 + rgba[i + 1]! * 150 + rgba[i + 2]! * 29) >> 8
  return { width, height, pixels }
}

/** Otsu's threshold: the grey level that best splits ink from paper. */
export function otsuThreshold (pixels: Uint8Array): number {
  const histogram = new Float64Array(256)
  for (const v of pixels) histogram[v]!++
  let sum = 0
  for (let v = 0; v < 256; v++) sum += v * histogram[v]!
  let below = 0
  let belowSum = 0
  let best = 0
  let threshold = 127
  for (let v = 0; v < 256; v++) {
    below += histogram[v]!
    if (below === 0) continue
    const above = pixels.length - below
    if (above === 0) break
    belowSum += v * histogram[v]!
    const between = below * above * (belowSum / below - (sum - belowSum) / above) ** 2
    if (between > best) { best = between; threshold = v }
  }
  return threshold
}

/**
 * The skew in degrees (clockwise positive) of the text in the image's lower part: the angle whose
 * sheared row profile of dark pixels is sharpest, since aligned text lines pile up in few rows.
 */
export function estimateSkew (image: GreyImage, maxDegrees = 7, stepDegrees = 0.2): number {
  const { width, height, pixels } = image
  const threshold = otsuThreshold(pixels)
  const xs: number[] = []
  const ys: number[] = []
  for (let y = Math.floor(height * 0.4); y < height; y++) {
    for (let x = 0; x < width; x++) if (pixels[y * width + x]! <= threshold) { xs.push(x - width / 2); ys.push(y) }
  }
  const offset = Math.ceil(width * Math.tan((maxDegrees * Math.PI) / 180)) + 1
  const bins = new Int32Array(height + 2 * offset)
  let bestAngle = 0
  let bestScore = -1
  for (let degrees = -maxDegrees; degrees <= maxDegrees + 1e-9; degrees += stepDegrees) {
    const slope = Math.tan((degrees * Math.PI) / 180)
    bins.fill(0)
    for (let i = 0; i < xs.length; i++) bins[Math.round(ys[i]! - xs[i]! * slope) + offset]!++
    let score = 0
    for (const count of bins) score += count * count
    if (score > bestScore) { bestScore = score; bestAngle = degrees }
  }
  return bestAngle
}

/**
 * Bands of rows busy with ink-to-paper transitions, as lines of small text are; a photo or a
 * ruled line has few. Rows nearly as busy as the busiest form the bands.
 */
export function findTextBands (image: GreyImage): TextBand[] {
  const { width, height, pixels } = image
  const threshold = otsuThreshold(pixels)
  const rowTransitions = new Int32Array(height)
  for (let y = 0; y < height; y++) {
    let previous = false
    for (let x = 0; x < width; x++) {
      const dark = pixels[y * width + x]! <= threshold
      if (dark !== previous) rowTransitions[y]!++
      previous = dark
    }
  }
  const busiest = largest(rowTransitions)
  // fewer transitions than a handful of characters make: no text at all
  if (busiest < 10) return []
  const bands: TextBand[] = []
  let top = -1
  for (let y = 0; y <= height; y++) {
    const busy = y < height && rowTransitions[y]! >= busiest * 0.3
    if (busy && top < 0) top = y
    if (!busy && top >= 0) {
      if (y - top >= 3) bands.push({ top, bottom: y, left: 0, right: width, transitions: largest(rowTransitions.subarray(top, y)) })
      top = -1
    }
  }
  for (const band of bands) Object.assign(band, horizontalExtent(image, band, threshold))
  return bands
}

// A loop, not Math.max(...rows): spreading a very tall image's rows overflows the call stack.
function largest (values: Int32Array): number {
  let most = -Infinity
  for (const value of values) if (value > most) most = value
  return most
}

function horizontalExtent (image: GreyImage, band: TextBand, threshold: number): { left: number, right: number } {
  let left = image.width
  let right = 0
  for (let y = band.top; y < band.bottom; y++) {
    for (let x = 0; x < image.width; x++) {
      if (image.pixels[y * image.width + x]! <= threshold) { left = Math.min(left, x); right = Math.max(right, x + 1) }
    }
  }
  return { left, right }
}

/** The MRZ's lines: the lowest two or three bands that are about as busy as the busiest one. */
export function pickMrzBands (bands: TextBand[]): TextBand[] {
  if (bands.length === 0) return []
  const busiest = Math.max(...bands.map((band) => band.transitions))
  const busy = bands.filter((band) => band.transitions >= busiest * 0.6)
  return busy.slice(-3)
}

/** Stretches grey levels so the darkest and lightest percent span 0–255: faded scans gain contrast. */
export function stretchContrast (image: GreyImage): void {
  const histogram = new Int32Array(256)
  for (const v of image.pixels) histogram[v]!++
  const cut = image.pixels.length * 0.01
  let low = 0
  for (let seen = 0; low < 255 && (seen += histogram[low]!) < cut;) low++
  let high = 255
  for (let seen = 0; high > 0 && (seen += histogram[high]!) < cut;) high--
  if (high <= low) return
  for (let i = 0; i < image.pixels.length; i++) image.pixels[i] = Math.max(0, Math.min(255, Math.round(((image.pixels[i]! - low) * 255) / (high - low))))
}
