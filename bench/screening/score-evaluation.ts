// Scores every query of evaluation-set.json against every listed entity with scoreCandidate alone (no database,
// no candidate preselection) and prints recall on the variants and false-positive rate on the unlisted names.
//   node bench/screening/score-evaluation.ts [--misses] [--set other.json]
//   (--misses lists the variants missed and the unlisted names hit; --set scores a held-out set made with another seed)
import { parseArgs } from 'node:util'
import { DEFAULT_THRESHOLD, scoreCandidate, type NameMatch } from '../../src/modules/screening/matching/index.ts'
import { readEvaluationSet, subjectOf, type EvaluationQuery, type ListedEntity } from './evaluation-set.ts'

const THRESHOLDS = [0.7, 0.75, 0.8, 0.85, 0.9, 0.95]
const MISSES_SHOWN = 40

interface Outcome {
  query: EvaluationQuery
  /** The expected entity's match (variants only). */
  expected: NameMatch | null
  /** The best match among all other entities (for a variant) or all entities (unlisted). */
  best: NameMatch & { id: string }
}

const { values: options } = parseArgs({ options: { misses: { type: 'boolean', default: false }, set: { type: 'string' } } })
const set = readEvaluationSet(options.set)
const started = performance.now()
const outcomes = set.queries.map((query) => score(query, set.listed))
const seconds = (performance.now() - started) / 1000
const variants = outcomes.filter((outcome) => outcome.query.expect !== null)
const unlisted = outcomes.filter((outcome) => outcome.query.expect === null)

console.log(`${set.listed.length} listed entities; ${variants.length} variants; ${unlisted.length} unlisted names; ${set.queries.length * set.listed.length} scores in ${seconds.toFixed(1)} s`)
console.log('')
console.log('threshold  recall (variants)        false positives (unlisted)')
for (const threshold of THRESHOLDS) {
  const found = variants.filter((outcome) => outcome.expected!.score >= threshold).length
  const hit = unlisted.filter((outcome) => outcome.best.score >= threshold).length
  const marker = threshold === DEFAULT_THRESHOLD ? '  ← default' : ''
  console.log(`${threshold.toFixed(2)}       ${percent(found, variants.length)} (${found}/${variants.length})     ${percent(hit, unlisted.length)} (${hit}/${unlisted.length})${marker}`)
}
console.log('')
console.log(`At the default ${DEFAULT_THRESHOLD}, by kind of query:`)
for (const [kind, group] of groupBy(outcomes, (outcome) => outcome.query.variant.split('+')[0]!)) {
  const isVariant = group[0]!.query.expect !== null
  const count = group.filter((outcome) => isVariant ? outcome.expected!.score >= DEFAULT_THRESHOLD : outcome.best.score >= DEFAULT_THRESHOLD).length
  console.log(`  ${isVariant ? 'recall' : 'false positives'} ${kind.padEnd(16)} ${percent(count, group.length)} (${count}/${group.length})`)
}
const wrongEntity = variants.filter((outcome) => outcome.best.score >= DEFAULT_THRESHOLD).length
console.log(`Variants that also reach the default on another listed entity: ${percent(wrongEntity, variants.length)} (${wrongEntity}/${variants.length})`)

if (options.misses) {
  console.log('\nVariants missed at the default:')
  for (const outcome of variants.filter((o) => o.expected!.score < DEFAULT_THRESHOLD).slice(0, MISSES_SHOWN)) {
    console.log(`  [${outcome.query.variant}] ${outcome.expected!.score} ${outcome.expected!.explanation}`)
  }
  console.log('\nUnlisted names hit at the default:')
  for (const outcome of unlisted.filter((o) => o.best.score >= DEFAULT_THRESHOLD).slice(0, MISSES_SHOWN)) {
    console.log(`  [${outcome.query.variant}] ${outcome.best.score} ${outcome.best.id}: ${outcome.best.explanation}`)
  }
}

function score (query: EvaluationQuery, listed: ListedEntity[]): Outcome {
  const subject = subjectOf(query)
  let expected: NameMatch | null = null
  let best: (NameMatch & { id: string }) | null = null
  for (const entity of listed) {
    const match = scoreCandidate(subject, entity)
    if (entity.id === query.expect) expected = match
    else if (best === null || match.score > best.score) best = { ...match, id: entity.id }
  }
  return { query, expected, best: best! }
}

function percent (count: number, total: number): string {
  return `${(100 * count / total).toFixed(1).padStart(5)} %`
}

function groupBy<T> (items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item])
  return groups
}
