import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { it, type TestContext } from 'node:test'
import { eventually } from '../helpers/eventually.ts'
import {
  adminQuery, ADMIN_URL, baseEnv, call, type Env, freePort, freshDatabase, givenResellerByCli, type RunningApi,
  SKIP_UNLESS_FAULTS, startApi, tokenFor,
} from './fault-helpers.ts'
import { describeUnless } from '../helpers/skip.ts'

// The server is killed with SIGKILL in the middle of 24 concurrent uploads (text statements and
// scans, so OCR is running) and started again at once. After the restart: every acknowledged
// document is there with its bytes, and its checks (risk, extraction) each complete exactly once,
// adding exactly one bank account to its case; a retried upload that got no answer is a 201 or a 409.

const UPLOADS = 24
const KILL_AFTER_ACKS = 6
const RECOVERY_MS = 240_000
const SAMPLES = new URL('../../src/modules/documents/samples/', import.meta.url)
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

interface Outcome { n: number, caseId: number, result: 'ack' | 'refused' | 'unknown', id: number | null, text: string }
interface Check { checkType: string, status: string, subject: { type: string, id: number } }

async function upload (base: string, token: string, caseId: number, bytes: Buffer, name: string, type: string) {
  const form = new FormData()
  form.append('documentType', 'BankStatement')
  form.append('file', new Blob([Uint8Array.from(bytes)], { type }), name)
  const res = await fetch(`${base}/api/cases/${caseId}/documents`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form, signal: AbortSignal.timeout(60_000) })
  return { status: res.status, text: await res.text() }
}

const modes: { name: string, setup (t: TestContext): Promise<Env> }[] = [
  {
    name: 'embedded (PGlite in DATA_DIR)',
    async setup (t) {
      const dataDir = await mkdtemp(join(tmpdir(), 'idcheck-faults-docs-'))
      t.after(() => rm(dataDir, { recursive: true, force: true }))
      return { ...baseEnv(), DATA_DIR: dataDir }
    },
  },
  { name: 'server (PostgreSQL)', setup: async (t) => ({ ...baseEnv(), DATABASE_URL: await freshDatabase(t) }) },
]

const postgresDown = SKIP_UNLESS_FAULTS ? null : await adminQuery(ADMIN_URL, 'SELECT 1').then(() => null, (err: Error) => `PostgreSQL does not answer at ${ADMIN_URL}: ${err.message}`)

describeUnless(SKIP_UNLESS_FAULTS, 'SIGKILL during document uploads and OCR', () => {
  for (const mode of modes) {
    const skip = mode.name.startsWith('server') ? postgresDown : null
    it(`${mode.name}: every acknowledged document is there with the bytes uploaded (sha256) and its checks complete exactly once`, { skip: skip ?? false, timeout: RECOVERY_MS + 180_000 }, async (t) => {
      const env = await mode.setup(t)
      const reseller = await givenResellerByCli(env, { rateLimit: 100_000 })
      const port = await freePort()
      const first = await startApi(env, { port, hooks: t })
      const token = await tokenFor(first.base, reseller)
      const files = [
        { bytes: await readFile(new URL('clean-statement.pdf', SAMPLES)), name: 'statement.pdf', type: 'application/pdf' },
        { bytes: await readFile(new URL('scanned-statement.png', SAMPLES)), name: 'scan.png', type: 'image/png' },
      ]
      const fileOf = (n: number) => files[n % 4 === 3 ? 1 : 0]! // one in four a scan
      // A case per upload, so each acknowledged statement must add exactly one bank account to its own case.
      const cases: number[] = []
      for (let n = 0; n < UPLOADS; n++) {
        const res = await call(first.base, 'POST', '/api/cases', token, { urn: `DOC-KILL-${n}`, type: 'Person', givenNames: 'Jane', surname: 'Doe', dobDay: 1, dobMonth: 2, dobYear: 1980 })
        assert.equal(res.status, 201, res.text)
        cases.push(res.json.id)
      }

      let acks = 0
      let killed: Promise<void> | null = null
      const outcomes: Outcome[] = await Promise.all(cases.map(async (caseId, n): Promise<Outcome> => {
        const file = fileOf(n)
        try {
          const res = await upload(first.base, token, caseId, file.bytes, file.name, file.type)
          if (res.status !== 201) return { n, caseId, result: 'refused', id: null, text: res.text }
          if (++acks >= KILL_AFTER_ACKS && killed === null) killed = first.kill({ reap: false })
          return { n, caseId, result: 'ack', id: JSON.parse(res.text).id, text: '' }
        } catch {
          return { n, caseId, result: 'unknown', id: null, text: '' }
        }
      }))
      await (killed ?? first.kill({ reap: false }))
      assert.deepEqual(outcomes.filter((o) => o.result === 'refused').map((o) => o.text), [], 'uploads refused before the kill')
      t.diagnostic(`${outcomes.filter((o) => o.result === 'ack').length} acknowledged, ${outcomes.filter((o) => o.result === 'unknown').length} without an answer`)

      const second: RunningApi = await startApi(env, { port, hooks: t })
      // Clients retry what got no answer; the bytes were stored or not, never twice.
      for (const o of outcomes.filter((x) => x.result === 'unknown')) {
        const file = fileOf(o.n)
        const res = await upload(second.base, token, o.caseId, file.bytes, file.name, file.type)
        assert.ok(res.status === 201 || res.status === 409, `retry: ${res.status} ${res.text}`)
        o.id = res.status === 201 ? JSON.parse(res.text).id : JSON.parse(res.text).duplicateId
      }

      for (const o of outcomes) {
        const content = await fetch(`${second.base}/api/cases/${o.caseId}/documents/${o.id}/content`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(30_000) })
        assert.equal(content.status, 200, `document ${o.id} of case ${o.caseId} is gone${second.output().slice(-2000)}`)
        assert.equal(sha256(new Uint8Array(await content.arrayBuffer())), sha256(fileOf(o.n).bytes), `document ${o.id} of case ${o.caseId}: the bytes read back are not the bytes uploaded`)
        const checks = await eventually(async () => (await call(second.base, 'GET', `/api/cases/${o.caseId}/checks`, token)).json as Check[],
          (list) => list.filter((c) => c.checkType !== 'BAV').length >= 3 && list.every((c) => c.status !== 'pending'), { timeoutMs: RECOVERY_MS, intervalMs: 500, what: `checks of case ${o.caseId}` })
        // The case's AML check (made with the case) and the document's two, each once.
        assert.deepEqual(checks.filter((c) => c.checkType !== 'BAV').map((c) => `${c.checkType} ${c.status} ${c.subject.id}`).sort(),
          [`AML completed ${o.caseId}`, `DocumentExtraction completed ${o.id}`, `DocumentRisk completed ${o.id}`], `case ${o.caseId}`)
        const accounts = (await call(second.base, 'GET', `/api/cases/${o.caseId}/bank-accounts`, token)).json as { documentId: number }[]
        assert.deepEqual(accounts.map((a) => a.documentId), [o.id], `case ${o.caseId}: one bank account from its statement`)
      }
    })
  }
})
