import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { eventually } from '../../../test/helpers/eventually.ts'
import { givenReseller, type GivenClient } from '../../../test/helpers/given.ts'
import { givenCase } from '../../../test/helpers/given-cases.ts'
import type { App } from '../../app.ts'

type Check = { id: number, status: string, checkType: string, riskRating: { id: number, name: string } | null, result?: any, failureReason?: string, completedTs?: string }

const amlChecks = async (app: App, caller: GivenClient, caseId: number) =>
  ((await app.inject({ method: 'GET', url: `/api/cases/${caseId}/checks`, headers: caller.auth })).json() as Check[]).filter((c) => c.checkType === 'AML')
const settledAml = (app: App, caller: GivenClient, caseId: number) =>
  eventually(() => amlChecks(app, caller, caseId), (checks) => checks.length === 1 && checks[0]!.status !== 'pending', { timeoutMs: 20_000, what: `case ${caseId}'s AML check` })

describe('AML screening budget', () => {
  it('when scoring takes longer than AML_SCREENING_BUDGET_MS, then the check fails once with a sentence and is not tried again', async () => {
    // A budget of 0 ms: the scorer stops before its first candidate, as it would past any budget.
    const { app } = await buildTestApp({ rateLimitPerSecond: 10_000, amlScreeningBudgetMs: 0 })
    const caller = await givenReseller(app, { services: 'all' })
    const caseId = await givenCase(app, caller, { givenNames: 'Viktor', surname: 'Kaine', dobDay: 12, dobMonth: 4, dobYear: 1961 })
    const [check] = await settledAml(app, caller, caseId)
    assert.deepEqual([check!.status, check!.riskRating, check!.failureReason], ['failed', null,
      'AML screening was stopped: comparing this name with the listed names took longer than the 0 ms allowed.'])
    // The AML check type's queue (aml.check-type.ts) retries a provider's failure after 5 s; a check that cannot complete is never run again.
    await new Promise((resolve) => setTimeout(resolve, 6_000))
    assert.deepEqual(await amlChecks(app, caller, caseId), [check])

    // An import's re-screen goes past the case it cannot screen, and the case gets a new check saying why.
    const other = await givenCase(app, caller, { givenNames: 'Jane', surname: 'Doe' })
    await settledAml(app, caller, other)
    const dir = mkdtempSync(join(tmpdir(), 'idcheck-aml-budget-'))
    try {
      const list = join(dir, 'list.csv')
      writeFileSync(list, '"id","schema","name","aliases","birth_date","countries","addresses","identifiers","sanctions","phones","emails","program_ids","dataset","first_seen","last_seen","last_change"\n' +
        '"t-kaine","Person","Viktor Kaine","","1961","","","","P","","","","Test","2026-01-01T00:00:00","2026-11-01T00:00:00","2026-01-01T00:00:00"\n')
      await app.services.screening.importList(list, 'opensanctions-csv', 'budget-list')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    const listed = await eventually(async () => (await app.services.screening.lists()).find((l) => l.source === 'budget-list')!,
      (l) => l.rescreen.status === 'done', { timeoutMs: 30_000, what: 'the re-screen' })
    assert.deepEqual([listed.rescreen.cases, listed.rescreen.changed], [2, 1])
    const checks = await eventually(() => amlChecks(app, caller, caseId), (c) => c.length === 2 && c.every((x) => x.status !== 'pending'), { timeoutMs: 20_000, what: 'the new check' })
    assert.deepEqual(checks.map((c) => [c.status, c.failureReason]), [[ 'failed', check!.failureReason ], [ 'failed', check!.failureReason ]])
  })

  it('when names have ten words or a long run of Chinese characters, then each is screened within the budget', async () => {
    const { app } = await buildTestApp({ rateLimitPerSecond: 10_000 })
    const caller = await givenReseller(app, { services: 'all' })
    const names = [
      { givenNames: 'Viktor Abdul Rahman Omar Hassan Ali Yusuf Ibrahim Khalid', surname: 'Kaine' },
      { givenNames: '王小明李明张伟刘洋陈静杨帆赵磊黄勇周杰吴刚徐亮孙伟马超朱军胡斌郭涛何平高峰林俊罗杰', surname: '王' },
      { givenNames: 'Viktor', surname: 'Kaine' },
    ]
    const results = []
    for (const name of names) {
      const caseId = await givenCase(app, caller, { ...name, dobDay: 12, dobMonth: 4, dobYear: 1961 })
      const [check] = await settledAml(app, caller, caseId)
      results.push([check!.status, check!.result.hits.map((h: { entityId: string }) => h.entityId)])
    }
    // Eight extra given names are evidence of another person: below the threshold, unlike the listed name itself.
    assert.deepEqual(results, [['completed', []], ['completed', []], ['completed', ['sbx-viktor-kaine']]])
  })
})
