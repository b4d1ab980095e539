import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it, type TestContext } from 'node:test'
import { openPglite } from './pglite.ts'

function emptyDir (t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'idcheck-pglite-test-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

describe('embedded database (PGlite)', () => {
  it('when the data directory is empty, then it is created with 16 MB of shared buffers, and reopened with its rows', async (t) => {
    const dir = emptyDir(t)

    const first = await openPglite(dir)
    await first.db.exec('CREATE TABLE kept (v text); INSERT INTO kept VALUES (\'row\')')
    await first.db.close()
    const again = await openPglite(dir)
    t.after(() => again.db.close())

    assert.ok(existsSync(join(dir, 'PG_VERSION')))
    assert.deepEqual(await again.db.query('SELECT v FROM kept'), [{ v: 'row' }])
    assert.deepEqual(await again.db.query('SHOW shared_buffers'), [{ shared_buffers: '16MB' }])
    assert.deepEqual(await again.db.query('SHOW timezone'), [{ TimeZone: 'UTC' }])
  })

  it('when the data directory cannot hold a database, then opening fails naming the directory', async (t) => {
    const dir = emptyDir(t)
    writeFileSync(join(dir, 'global'), 'not a directory')

    await assert.rejects(openPglite(dir), (err: Error) => err.message.startsWith(`could not create the embedded database in ${dir}: `))
  })
})
