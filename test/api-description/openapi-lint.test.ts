import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { after, describe, it } from 'node:test'
import { buildTestApp } from '../helpers/build-test-app.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const REDOCLY = path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js')

const { app } = await buildTestApp()
const dir = await mkdtemp(path.join(tmpdir(), 'idcheck-lint-'))
after(() => rm(dir, { recursive: true, force: true }))

interface LintProblem { ruleId: string, severity: 'error' | 'warn', message: string, location: { pointer?: string }[] }

async function lint (document: unknown): Promise<{ totals: { errors: number, warnings: number }, problems: LintProblem[] }> {
  const file = path.join(dir, `openapi-${Date.now()}.json`)
  await writeFile(file, JSON.stringify(document, null, 2))
  // Redocly exits 1 when it finds errors; the JSON report on stdout says which.
  const run = await promisify(execFile)(process.execPath, [REDOCLY, 'lint', '--config', path.join(ROOT, 'redocly.yaml'), '--format=json', file], {
    cwd: ROOT, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }, maxBuffer: 20 * 1024 * 1024,
  }).catch((err: { stdout?: string, stderr?: string }) => ({ stdout: err.stdout ?? '', stderr: err.stderr ?? '' }))
  const start = run.stdout.indexOf('{')
  assert.ok(start >= 0, `no JSON report from redocly: ${run.stdout}${run.stderr}`)
  return JSON.parse(run.stdout.slice(start))
}

const describeProblems = (problems: LintProblem[]) =>
  problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`).join('\n')

describe('Redocly lint of /openapi.json (redocly.yaml: recommended, stricter)', () => {
  it('when the served document is linted, then there are no errors and no warnings', async () => {
    const res = await app.inject({ method: 'GET', url: '/openapi.json' })
    assert.equal(res.statusCode, 200)
    const report = await lint(res.json())
    assert.equal(report.totals.errors, 0, describeProblems(report.problems))
    assert.equal(report.totals.warnings, 0, describeProblems(report.problems))
  })

  it('when an example does not match its schema, then the lint fails (the rules are live)', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json()
    doc.paths['/api/cases/{caseId}/bank-accounts'].post.responses['409'].content['application/json'].example = { duplicateId: 'five' }
    delete doc.paths['/api/Ping'].get.summary
    const report = await lint(doc)
    const rules = new Set(report.problems.filter((p) => p.severity === 'error').map((p) => p.ruleId))
    assert.ok(rules.has('no-invalid-media-type-examples'), describeProblems(report.problems))
    assert.ok(rules.has('operation-summary'), describeProblems(report.problems))
  })
})
