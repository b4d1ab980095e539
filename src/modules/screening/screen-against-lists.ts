import type { Queryable } from '../../infra/db/database.ts'
import type { Candidate, CandidateSchema, NameMatch, ScreeningSubject } from './matching/index.ts'
import { STORED_NAME_CHARACTERS, STORED_NAMES } from './list-import.ts'
import type { AmlHit, AmlResult } from './screening.schemas.ts'
import * as repo from './screening.repository.ts'
import { queryWordsOf } from './search-words.ts'

/** Candidates scored per screening: the words shared narrow a list of any size to these. */
const CANDIDATES = 200
/** Hits reported, best first: past these an analyst learns nothing more from a list. */
const MAX_HITS = 25

/**
 * Screens a subject against every imported list: candidates by shared words, then each scored in
 * code; those at or above the threshold are hits, less the entries decided false positives for the case.
 */
export async function screen (q: Queryable, subject: ScreeningSubject, caseId: number, threshold: number,
  score: (subject: ScreeningSubject, candidates: Candidate[]) => Promise<NameMatch[]>): Promise<AmlResult> {
  const { words, minWords } = queryWordsOf(subject)
  const found = words.length === 0 ? [] : await repo.findCandidates(q, words, minWords, CANDIDATES)
  const dismissed = await repo.dismissedFor(q, caseId)
  const lists = (await repo.listVersions(q)).map(({ source, version, importedAt }) => ({ source, version, importedAt }))
  const candidates = found.filter((c) => !dismissed.has(`${c.source} ${c.entityId}`))
  const matches = await score(subject, candidates.map(toCandidate))
  const scored = candidates
    .map((c, i) => ({ c, match: matches[i]! }))
    .filter(({ match }) => match.score >= threshold)
    .sort((a, b) => b.match.score - a.match.score || a.c.source.localeCompare(b.c.source) || a.c.entityId.localeCompare(b.c.entityId))
    .slice(0, MAX_HITS)
  const hits: AmlHit[] = scored.map(({ c, match }, i) => ({
    id: i + 1, entityId: c.entityId, source: c.source, name: c.names[0]!, matchedName: match.matchedName, score: match.score,
    topics: c.topics, birthDates: c.birthDates, countries: c.countries, explanation: match.explanation,
  }))
  return { matchStatus: hits.length > 0 ? 'potential_match' : 'no_match', hits, lists }
}

/** What the scorer reads of a row; entries imported before names were capped are capped here. */
function toCandidate (c: repo.CandidateRow): Candidate {
  const names = c.names.slice(0, STORED_NAMES).map((name) => name.length > STORED_NAME_CHARACTERS ? name.slice(0, STORED_NAME_CHARACTERS) : name)
  return { names, schema: c.schema as CandidateSchema, birthDates: c.birthDates, countries: c.countries }
}
