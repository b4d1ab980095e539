import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, it } from 'node:test'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { eventually } from '../../../test/helpers/eventually.ts'
import { givenReseller, type GivenClient } from '../../../test/helpers/given.ts'
import { givenCase } from '../../../test/helpers/given-cases.ts'
import { givenWebhook } from '../../../test/helpers/webhook-fixtures.ts'
import { startWebhookReceiver } from '../../../test/helpers/webhook-receiver.ts'

// An app of its own: the re-screen covers every AML case in the database, and this file counts them.
const { app } = await buildTestApp({ rateLimitPerSecond: 10_000 })
const receiver = await startWebhookReceiver()
const dir = mkdtempSync(join(tmpdir(), 'idcheck-rescreen-'))
after(async () => { await receiver.close(); rmSync(dir, { recursive: true, force: true }) })

const HEADER = '"id","schema","name","aliases","birth_date","countries","addresses","identifiers","sanctions","phones","emails","program_ids","dataset","first_seen","last_seen","last_change"'
const row = (id: string, name: string, birthDate: string) =>
  `"${id}","Person","${name}","","${birthDate}","","","","Test Programme - 2026-01-01","","","TEST","Test Sanctions","2026-01-01T00:00:00","2026-11-01T00:00:00","2026-01-01T00:00:00"`
function listFile (name: string, rows: string[]): string {
  const path = join(dir, name)
  writeFileSync(path, [HEADER, ...rows, ''].join('\n'))
  return path
}

type Check = { id: number, status: string, checkType: string, riskRating: { name: string } | null, result: any }
const amlChecks = async (caller: GivenClient, caseId: number) =>
  ((await app.inject({ method: 'GET', url: `/api/cases/${caseId}/checks`, headers: caller.auth })).json() as Check[]).filter((c) => c.checkType === 'AML')
const settled = (caller: GivenClient, caseId: number, count: number) =>
  eventually(() => amlChecks(caller, caseId), (checks) => checks.length === count && checks.every((c) => c.status === 'completed'), { timeoutMs: 20_000, what: `${count} AML checks of case ${caseId}` })
const rescreenOf = (source: string) =>
  eventually(async () => (await app.services.screening.lists()).find((l) => l.source === source)!, (l) => l.rescreen.status === 'done', { timeoutMs: 30_000, what: `the ${source} re-screen` })

describe('re-screening when a list is imported', () => {
  it('when a new list names a case\'s person, then that case alone gets a new AML check and check.completed; the others get nothing', async () => {
    const caller = await givenReseller(app, { services: 'all' })
    const without = await givenReseller(app, { services: [2] })
    const nadia = await givenCase(app, caller, { givenNames: 'Nadia', surname: 'Voronova', dobDay: 2, dobMonth: 7, dobYear: 1980 })
    const viktor = await givenCase(app, caller, { givenNames: 'Viktor', surname: 'Kaine', dobDay: 12, dobMonth: 4, dobYear: 1961 })
    const jane = await givenCase(app, caller)
    const notScreened = await givenCase(app, without, { givenNames: 'Nadia', surname: 'Voronova', dobDay: 2, dobMonth: 7, dobYear: 1980 })
    for (const id of [nadia, viktor, jane]) await settled(caller, id, 1)
    assert.deepEqual((await amlChecks(caller, nadia))[0]!.result.hits, [])
    await givenWebhook(app, caller, receiver.url, ['check.completed'])

    await app.services.screening.importList(listFile('first.csv', [row('t-nadia', 'Nadia Voronova', '1980-07-02'), row('t-other', 'Boris Telnov', '1955')]), 'opensanctions-csv', 'test-list')

    const { rescreen } = await rescreenOf('test-list')
    assert.deepEqual({ ...rescreen, doneAt: null }, { status: 'done', cases: 3, changed: 1, doneAt: null })
    const [latest, first] = await settled(caller, nadia, 2)
    assert.deepEqual([latest!.riskRating, latest!.result.hits.map((h: any) => [h.source, h.entityId])], [{ id: 3, name: 'High' }, [['test-list', 't-nadia']]])
    assert.ok(latest!.id > first!.id)
    assert.equal((await amlChecks(caller, viktor)).length, 1)
    assert.equal((await amlChecks(caller, jane)).length, 1)
    const events = await receiver.waitFor((r) => r.some((x) => JSON.parse(x.body).data.check?.id === latest!.id), 10_000)
    assert.deepEqual(events.map((x) => JSON.parse(x.body)).filter((e) => e.type === 'check.completed').map((e) => e.data.caseId), [nadia])
    assert.deepEqual(await amlChecks(without, notScreened), [], 'an account without AML is not screened')
  })

  it('when the list is imported again with her gone, then only her case changes back; an unchanged import changes nothing', async () => {
    const caller = await givenReseller(app, { services: 'all' })
    const boris = await givenCase(app, caller, { givenNames: 'Boris', surname: 'Telnov', dobDay: 1, dobMonth: 1, dobYear: 1955 })
    const [screened] = await settled(caller, boris, 1)
    assert.deepEqual(screened!.result.hits.map((h: any) => h.entityId), ['t-other'])

    const same = listFile('same.csv', [row('t-nadia', 'Nadia Voronova', '1980-07-02'), row('t-other', 'Boris Telnov', '1955'), row('t-new', 'Somebody Unrelated', '1990')])
    await app.services.screening.importList(same, 'opensanctions-csv', 'test-list')
    assert.equal((await rescreenOf('test-list')).rescreen.changed, 0)
    assert.equal((await amlChecks(caller, boris)).length, 1)

    await app.services.screening.importList(listFile('second.csv', [row('t-nadia', 'Nadia Voronova', '1980-07-02')]), 'opensanctions-csv', 'test-list')
    const { rescreen } = await rescreenOf('test-list')
    assert.equal(rescreen.changed, 1)
    const [latest] = await settled(caller, boris, 2)
    assert.deepEqual([latest!.riskRating, latest!.result.matchStatus], [{ id: 1, name: 'Low' }, 'no_match'])
  })
})
