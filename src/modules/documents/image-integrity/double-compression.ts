// Evidence that a JPEG was compressed before at another quality: each low-frequency coefficient,
// re-quantised by the file's own step q2, keeps a periodic trace of an earlier step q1 (empty bins
// when q1 > q2, alternating heights when q1 < q2). A single compression leaves a smooth, Laplacian
// histogram. Each hypothesis (single, or an earlier q1) is fitted by maximum likelihood and compared.

/** Histogram bins used either side of zero: far bins are too sparse to carry a pattern. */
const MAX_BIN = 30
/** Earlier steps tried. Steps of 1 or 2 leave no trace above the decoder's rounding noise. */
const MIN_EARLIER_STEP = 3
const MAX_EARLIER_STEP = 40
/** Laplacian rates tried, as a grid on the log scale. */
const RATES = Array.from({ length: 40 }, (_, i) => 0.002 * 1.2 ** i)
/** Samples below this leave the likelihoods to chance. */
export const MIN_SAMPLES = 2_000

export interface FrequencyEvidence { step: number, earlierStep: number | null, gainPerSample: number, samples: number }

/**
 * How much better an earlier step q1 explains the re-quantised coefficients than one compression
 * does: the log-likelihood gain per sample (0 when nothing beats one compression).
 */
export function earlierStepEvidence (coefficients: readonly number[], step: number): FrequencyEvidence {
  const histogram = new Map<number, number>()
  let samples = 0
  for (const c of coefficients) {
    const k = Math.round(c / step)
    if (k === 0 || Math.abs(k) > MAX_BIN) continue
    histogram.set(k, (histogram.get(k) ?? 0) + 1)
    samples++
  }
  if (samples < MIN_SAMPLES) return { step, earlierStep: null, gainPerSample: 0, samples }
  const single = bestLikelihood(histogram, step, step)
  let best = { earlierStep: null as number | null, likelihood: single }
  for (let q1 = MIN_EARLIER_STEP; q1 <= MAX_EARLIER_STEP; q1++) {
    if (q1 === step) continue
    const likelihood = bestLikelihood(histogram, q1, step)
    if (likelihood > best.likelihood) best = { earlierStep: q1, likelihood }
  }
  return { step, earlierStep: best.earlierStep, gainPerSample: (best.likelihood - single) / samples, samples }
}

/** The log-likelihood of the histogram when values were multiples of q1, Laplacian, then rounded to q2, at the best rate. */
function bestLikelihood (histogram: Map<number, number>, q1: number, q2: number): number {
  const spread = binSpread(q1, q2)
  let best = -Infinity
  for (const rate of RATES) {
    const p = binProbabilities(spread, q1, rate)
    let ll = 0
    for (const [k, count] of histogram) ll += count * Math.log(Math.max(p[Math.abs(k)] ?? 0, 1e-12))
    if (ll > best) best = ll
  }
  return best
}

/** The decoder's rounding noise on a first-pass coefficient, in coefficient units. */
const NOISE = 0.7

/** For each first-pass multiple m ≥ 0, the chance of each bin |k| ≤ MAX_BIN after noise and re-quantising by q2. */
function binSpread (q1: number, q2: number): Float64Array[] {
  const maxM = Math.ceil(((MAX_BIN + 1) * q2) / q1)
  const rows: Float64Array[] = []
  for (let m = 0; m <= maxM; m++) {
    const row = new Float64Array(MAX_BIN + 1)
    for (let k = -MAX_BIN; k <= MAX_BIN; k++) {
      const chance = normalCdf(((k + 0.5) * q2 - m * q1) / NOISE) - normalCdf(((k - 0.5) * q2 - m * q1) / NOISE)
      if (k !== 0) row[Math.abs(k)]! += chance
    }
    rows.push(row)
  }
  return rows
}

/** P(|k| = j | k ≠ 0) split evenly between ±j, for first-pass multiples weighted exp(−rate·|m·q1|). */
function binProbabilities (spread: Float64Array[], q1: number, rate: number): Float64Array {
  const p = new Float64Array(MAX_BIN + 1)
  spread.forEach((row, m) => {
    const weight = Math.exp(-rate * m * q1) * (m === 0 ? 1 : 2)
    for (let j = 1; j <= MAX_BIN; j++) p[j]! += weight * row[j]!
  })
  let total = 0
  for (let j = 1; j <= MAX_BIN; j++) total += p[j]!
  for (let j = 1; j <= MAX_BIN; j++) p[j] = p[j]! / total / 2
  return p
}

function normalCdf (z: number): number {
  // Abramowitz and Stegun 7.1.26: erf to 1.5e-7, far below the histograms' own noise.
  const x = Math.abs(z) / Math.SQRT2
  const t = 1 / (1 + 0.3275911 * x)
  const erf = 1 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x)
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2
}
