// node bench/screening/hostile-names.ts: the scorer's time on issue 28's hostile names, in this process
// (no database): a ten-word name, five short CJK names and a 2,000-character CJK run, each against
// 200 candidates of 6-10 words with 10 aliases, as one screening scores them at most.
import { scoreCandidate } from '../../src/modules/screening/matching/index.ts'

const WORDS = ['mohammed', 'abdul', 'rahman', 'hassan', 'ali', 'yusuf', 'ibrahim', 'khalid', 'omar', 'saleh', 'nasser', 'faisal']
const name = (i: number, n: number) => Array.from({ length: n }, (_, k) => WORDS[(i * 3 + k * 5) % WORDS.length] + (k % 3 === 0 ? '' : String.fromCharCode(97 + (i + k) % 26))).join(' ')
const subjects = [
  { label: 'ten words', name: name(1, 10) },
  { label: 'five CJK names', name: '王小明 李明 张伟 刘洋 陈静' },
  { label: '2,000 CJK characters', name: '中'.repeat(2000) },
]
for (const { label, name: subjectName } of subjects) {
  const subject = { kind: 'person' as const, name: subjectName, birthDate: null, country: null }
  const started = performance.now()
  for (let c = 0; c < 200; c++) scoreCandidate(subject, { names: Array.from({ length: 10 }, (_, a) => name(c + a, 6 + (a % 5))), schema: 'Person', birthDates: [], countries: [] })
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(2)} s for 200 candidates`)
}
