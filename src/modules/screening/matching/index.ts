export { normaliseName, type NameKind, type NormalisedName } from './normalise.ts'
export { DEFAULT_THRESHOLD, scoreCandidate, type Candidate, type CandidateSchema, type NameMatch, type ScreeningSubject } from './score.ts'
export type { BirthDate } from './birth-date.ts'
