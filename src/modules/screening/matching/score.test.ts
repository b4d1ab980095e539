import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { DEFAULT_THRESHOLD, scoreCandidate, type Candidate, type ScreeningSubject } from './score.ts'

const putin: Candidate = { names: ['Vladimir Vladimirovich Putin'], schema: 'Person', birthDates: ['1952-10-07'], countries: ['ru'] }
const putinsBirth = { year: 1952, month: 10, day: 7 }
const person = (name: string, birthDate: ScreeningSubject['birthDate'] = null, country: string | null = null): ScreeningSubject =>
  ({ kind: 'person', name, birthDate, country })
const organisation = (name: string, country: string | null = null): ScreeningSubject => ({ kind: 'organization', name, birthDate: null, country })
const listedPerson = (...names: string[]): Candidate => ({ names, schema: 'Person', birthDates: [], countries: [] })
const scoreOf = (subject: ScreeningSubject, candidate: Candidate) => scoreCandidate(subject, candidate).score

describe('scoreCandidate: names', () => {
  it('when the name leaves out the listed middle name and date of birth and country agree, then 1, explained', () => {
    assert.deepEqual(scoreCandidate(person('Vladimir Putin', putinsBirth, 'ru'), putin), {
      score: 1,
      matchedName: 'Vladimir Vladimirovich Putin',
      explanation: "Name 'Vladimir Putin' matches listed 'Vladimir Vladimirovich Putin' (2 of 3 names, surname exact); date of birth 1952-10-07 agrees; country ru agrees.",
    })
  })

  it('when only the name is known, then a missing middle name costs little', () => {
    assert.equal(scoreOf(person('Vladimir Putin'), putin), 0.96)
    assert.equal(scoreOf(person('Muhammad Khan'), listedPerson('Muhammad Ali Khan')), 0.96)
  })

  it('when the two names have different middle names, then that costs more than a missing one', () => {
    assert.deepEqual(scoreCandidate(person('Muhammad Asif Khan'), listedPerson('Muhammad Ali Khan')), {
      score: 0.78,
      matchedName: 'Muhammad Ali Khan',
      explanation: "Name 'Muhammad Asif Khan' partly matches listed 'Muhammad Ali Khan' (2 of 3 names, surname exact); no date of birth given.",
    })
  })

  it('when the surname differs, then it costs a lot', () => {
    assert.deepEqual(scoreCandidate(person('Vladimir Ivanov'), putin), {
      score: 0.33,
      matchedName: 'Vladimir Vladimirovich Putin',
      explanation: "Name 'Vladimir Ivanov' does not match listed 'Vladimir Vladimirovich Putin' (1 of 3 names, surname not found); no date of birth given.",
    })
  })

  it('when the given name only begins like the listed one, then it is another name', () => {
    assert.equal(scoreOf(person('Vladislav Putin'), putin), 0.33)
  })

  it('when the words come in another order, then the score is the same', () => {
    assert.equal(scoreOf(person('Putin Vladimir'), putin), 0.96)
  })

  it('when a letter is missing, then the word is close, and said so', () => {
    assert.deepEqual(scoreCandidate(person('Vladimir Putn'), putin), {
      score: 0.94,
      matchedName: 'Vladimir Vladimirovich Putin',
      explanation: "Name 'Vladimir Putn' matches listed 'Vladimir Vladimirovich Putin' (2 of 3 names, surname 'putn' is close to 'putin'); no date of birth given.",
    })
  })

  it('when the given name is an initial, then it matches the listed given name', () => {
    assert.equal(scoreCandidate(person('V. Putin'), putin).explanation,
      "Name 'V. Putin' matches listed 'Vladimir Vladimirovich Putin' (2 of 3 names, surname exact; 'v' is the initial of 'vladimir'); no date of birth given.")
    assert.equal(scoreOf(person('V. Putin'), putin), 0.91)
  })

  it('when the name is written in Cyrillic or in German transliteration, then it matches the listed Latin', () => {
    assert.equal(scoreOf(person('Владимир Путин'), putin), 0.96)
    assert.equal(scoreCandidate(person('Wladimir Putin'), putin).explanation,
      "Name 'Wladimir Putin' matches listed 'Vladimir Vladimirovich Putin' (2 of 3 names, surname exact; 'wladimir' is a spelling of 'vladimir'); no date of birth given.")
  })

  it('when the name is written in Arabic script, then its consonants meet the listed Latin spelling', () => {
    assert.deepEqual(scoreCandidate(person('محمد الرشيد'), listedPerson('AL-RASHID, Mohammed')), {
      score: 0.92,
      matchedName: 'AL-RASHID, Mohammed',
      explanation: "Name 'محمد الرشيد' matches listed 'AL-RASHID, Mohammed' (3 of 3 names, surname 'rshyd' has the consonants of 'rashid'; 'mhmd' has the consonants of 'mohammed'); no date of birth given.",
    })
  })

  it('when the Arabic article is left out and the given name spelled otherwise, then it still matches', () => {
    assert.equal(scoreCandidate(person('Muhammad Rashid'), listedPerson('AL-RASHID, Mohammed')).explanation,
      "Name 'Muhammad Rashid' matches listed 'AL-RASHID, Mohammed' (2 of 3 names, surname exact; 'muhammad' sounds like 'mohammed'); no date of birth given.")
  })

  it('when another Arabic given name shares the family name, then it does not match', () => {
    assert.equal(scoreOf(person('Ahmed al-Rashid'), listedPerson('AL-RASHID, Mohammed')), 0.42)
  })

  it('when words are joined on one side and apart on the other, then they meet', () => {
    assert.equal(scoreOf(person('Jeanpierre Dubois'), listedPerson('Jean-Pierre DUBOIS')), 1)
    assert.equal(scoreOf(person('Wang Xiao Ming'), listedPerson('WANG Xiaoming')), 1)
  })

  it('when an alias matches best, then it is the matched name', () => {
    assert.equal(scoreCandidate(person('Xiaoming Wang'), listedPerson('Li Wei', 'WANG Xiaoming')).matchedName, 'WANG Xiaoming')
  })

  it('when the listed entry has no name, then 0', () => {
    assert.deepEqual(scoreCandidate(person('Vladimir Putin'), { ...putin, names: [] }), { score: 0, matchedName: '', explanation: 'The listed entry has no name to compare.' })
  })
})

describe('scoreCandidate: date of birth and country', () => {
  const misspelt = person('Vladimir Putn')

  it('when the date of birth agrees, then +0.05; the year alone, +0.02', () => {
    assert.equal(scoreOf({ ...misspelt, birthDate: putinsBirth }, putin), 0.99)
    assert.equal(scoreOf({ ...misspelt, birthDate: { year: 1952, month: null, day: null } }, putin), 0.96)
  })

  it('when the year agrees but not the day, or the year is one off, then −0.05', () => {
    assert.equal(scoreCandidate({ ...misspelt, birthDate: { year: 1952, month: 3, day: 1 } }, putin).explanation,
      "Name 'Vladimir Putn' matches listed 'Vladimir Vladimirovich Putin' (2 of 3 names, surname 'putn' is close to 'putin'); date of birth 1952-03-01 differs from listed 1952-10-07 within the year.")
    assert.equal(scoreOf({ ...misspelt, birthDate: { year: 1952, month: 3, day: 1 } }, putin), 0.89)
    assert.equal(scoreOf({ ...misspelt, birthDate: { year: 1953, month: 10, day: 7 } }, putin), 0.89)
  })

  it('when the year of birth differs by more, then −0.15, below the default threshold', () => {
    const match = scoreCandidate({ ...misspelt, birthDate: { year: 1970, month: 1, day: 1 } }, putin)
    assert.equal(match.score, 0.79)
    assert.ok(match.score < DEFAULT_THRESHOLD)
    assert.equal(match.explanation.endsWith('date of birth 1970-01-01 differs from listed 1952-10-07.'), true)
  })

  it('when the list gives several dates, then the one agreeing best counts', () => {
    assert.equal(scoreOf({ ...misspelt, birthDate: { year: 1953, month: null, day: null } }, { ...putin, birthDates: ['1952', '1953'] }), 0.96)
  })

  it('when the date of birth is unknown on either side, then it neither raises nor lowers', () => {
    assert.equal(scoreOf(misspelt, putin), 0.94)
    assert.equal(scoreCandidate({ ...misspelt, birthDate: putinsBirth }, { ...putin, birthDates: [] }).explanation.endsWith('listed without date of birth.'), true)
    assert.equal(scoreOf({ ...misspelt, birthDate: putinsBirth }, { ...putin, birthDates: [] }), 0.94)
  })

  it('when the country is not among the listed ones, then −0.03; unknown, nothing', () => {
    assert.equal(scoreCandidate({ ...misspelt, country: 'de' }, putin).explanation.endsWith('country de is not among listed ru.'), true)
    assert.equal(scoreOf({ ...misspelt, country: 'de' }, putin), 0.91)
    assert.equal(scoreOf({ ...misspelt, country: 'ru' }, { ...putin, countries: [] }), 0.94)
  })
})

describe('scoreCandidate: kinds', () => {
  it('when a person is compared with a vessel of that name, then the score stays at 0.6, explained', () => {
    assert.deepEqual(scoreCandidate(person('Vladimir Putin'), { ...putin, schema: 'Vessel' }), {
      score: 0.6,
      matchedName: 'Vladimir Vladimirovich Putin',
      explanation: "Name 'Vladimir Putin' matches listed 'Vladimir Vladimirovich Putin' (2 of 3 names, surname exact); no date of birth given; but the listed entry is a vessel, not a person.",
    })
  })

  it('when an organisation is compared with a person, then the score stays at 0.6', () => {
    assert.equal(scoreOf(organisation('Vladimir Putin'), putin), 0.6)
  })

  it('when the listed kind is Other, then it is compared as it is', () => {
    assert.equal(scoreOf(person('Vladimir Putin'), { ...putin, schema: 'Other' }), 0.96)
  })
})

describe('scoreCandidate: organisations', () => {
  const almaz: Candidate = { names: ['OOO Almaz Trading'], schema: 'Organization', birthDates: [], countries: ['ru'] }

  it('when only the legal form differs, then 1', () => {
    assert.deepEqual(scoreCandidate(organisation('Almaz Trading LLC', 'ru'), almaz), {
      score: 1,
      matchedName: 'OOO Almaz Trading',
      explanation: "Name 'Almaz Trading LLC' matches listed 'OOO Almaz Trading' (2 of 2 words); country ru agrees.",
    })
  })

  it('when the name is written in Cyrillic, then it matches', () => {
    assert.equal(scoreOf(organisation('ООО «Алмаз Трейдинг»'), almaz), 0.96)
  })

  it('when only the distinctive word is shared and the trades differ, then it does not match', () => {
    assert.equal(scoreOf(organisation('Almaz Shipping LLC'), almaz), 0.71)
  })
})
