import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, it } from 'node:test'
import { migratedDataDir } from '../helpers/embedded-database.ts'
import { type Env, type Hooks, spawnService } from '../helpers/service-processes.ts'
import { describeUnless } from '../helpers/skip.ts'

// The commands open the embedded data directory; the PostgreSQL run covers the same import through the service tests.
const skip = process.env.DATABASE_URL ? 'embedded mode only (DATABASE_URL is set)' : false
const FIXTURES = new URL('../fixtures/screening-lists/', import.meta.url).pathname
const OFAC = join(FIXTURES, 'sdn.xml')
const OPENSANCTIONS = join(FIXTURES, 'targets.simple.csv')
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex')

const parent = mkdtempSync(join(tmpdir(), 'idcheck-screening-cli-'))
const cleanups: Array<() => unknown> = []
const hooks: Hooks = { after: (fn) => { cleanups.push(fn) } }
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  rmSync(parent, { recursive: true, force: true })
})

/** The CLI as an operator runs it; leading `--` arguments go to Node. */
async function idcheck (dataDir: string, ...args: string[]) {
  const env: Env = { ...process.env as Env, DATA_DIR: dataDir }
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'NODE_TEST_CONTEXT']) delete env[name]
  const nodeFlags = args.filter((arg, i) => arg.startsWith('--') && args.slice(0, i).every((before) => before.startsWith('--')))
  const cli = spawnService({ args: [...nodeFlags, 'src/cli/main.ts', ...args.slice(nodeFlags.length)], env, hooks })
  return { ...await cli.exited, stdout: cli.stdout(), stderr: cli.stderr() }
}

describeUnless(skip, 'idcheck screening', () => {
  // Already migrated: the first start's initdb is the CLI tests' business.
  const dataDir = migratedDataDir()

  it('when lists are imported, then "screening lists" shows each source with its entries and the file\'s sha256; a new file replaces its source\'s entries', async () => {
    // The sandbox ships its fictional list: it is there before any import.
    const first = await idcheck(dataDir, 'screening', 'lists', '--json')
    assert.deepEqual([first.code, JSON.parse(first.stdout).map((l: { source: string }) => l.source)], [0, ['sandbox']])

    const ofac = await idcheck(dataDir, 'screening', 'import', OFAC, '--format', 'ofac-sdn-xml')
    assert.equal(ofac.code, 0, ofac.stderr)
    assert.match(ofac.stdout, new RegExp(`^Imported 8 entries into the ofac-sdn list \\(version ${sha256(OFAC).slice(0, 12)}, \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\)\\.\\nEvery case with AML is screened again`))

    const os = await idcheck(dataDir, 'screening', 'import', OPENSANCTIONS, '--format', 'opensanctions-csv', '--source', 'os-test', '--json')
    assert.equal(os.code, 0, os.stderr)
    const imported = JSON.parse(os.stdout) as { importedAt: string }
    assert.deepEqual(imported, {
      source: 'os-test', format: 'opensanctions-csv', version: sha256(OPENSANCTIONS), entries: 11, importedAt: imported.importedAt,
      rescreen: { status: 'running', cases: 0, changed: 0, doneAt: null },
    })

    // The OFAC source again, from a file of two entries: its eight are replaced, the other source stays.
    const smaller = join(parent, 'two.xml')
    const xml = readFileSync(OFAC, 'utf8')
    const entries = [...xml.matchAll(/<sdnEntry>[\s\S]*?<\/sdnEntry>/g)].map((m) => m[0])
    writeFileSync(smaller, xml.replace(/<sdnEntry>[\s\S]*<\/sdnEntry>/, entries.slice(0, 2).join('\n')))
    assert.equal((await idcheck(dataDir, 'screening', 'import', smaller, '--format', 'ofac-sdn-xml')).code, 0)

    const lists = JSON.parse((await idcheck(dataDir, 'screening', 'lists', '--json')).stdout) as { source: string, entries: number, version: string }[]
    assert.deepEqual(lists.map(({ source, entries, version }) => ({ source, entries, version })), [
      { source: 'ofac-sdn', entries: 2, version: sha256(smaller) },
      { source: 'os-test', entries: 11, version: sha256(OPENSANCTIONS) },
      { source: 'sandbox', entries: 7, version: lists[2]!.version },
    ])
    const table = await idcheck(dataDir, 'screening', 'lists')
    assert.match(table.stdout, /^source +format +entries +importedAt +version +re-screen of AML cases\nofac-sdn +ofac-sdn-xml +2 .* running: 0 screened, 0 with new results\n/)
  })

  it('when the file is not the format named, then exit 1 saying so, and the source keeps its entries', async () => {
    const before = (await idcheck(dataDir, 'screening', 'lists', '--json')).stdout
    const wrong = await idcheck(dataDir, 'screening', 'import', OPENSANCTIONS, '--format', 'ofac-sdn-xml')
    assert.equal(wrong.code, 1)
    assert.match(wrong.stderr, /^idcheck: .*sdn/i)
    const empty = join(parent, 'empty.csv')
    writeFileSync(empty, readFileSync(OPENSANCTIONS, 'utf8').split('\n')[0] + '\n')
    const nothing = await idcheck(dataDir, 'screening', 'import', empty, '--format', 'opensanctions-csv', '--source', 'os-test')
    assert.deepEqual([nothing.code, nothing.stderr], [1, `idcheck: ${empty} holds no entries: nothing was imported, and the os-test list is unchanged.\n`])
    assert.equal((await idcheck(dataDir, 'screening', 'lists', '--json')).stdout, before)
  })

  it('when a quote is left open in row 2,501 of a 50 MB file, then exit 1 within seconds naming the row, and none of the 2,500 rows before it is in use', async () => {
    const before = (await idcheck(dataDir, 'screening', 'lists', '--json')).stdout
    const [header] = readFileSync(OPENSANCTIONS, 'utf8').split('\n')
    const row = (id: string) => `"${id}","Person","Nadia Voronova ${id}","","1980","ru","","","EVAL","","","","Evaluation Sanctions","2026-01-01T00:00:00","2026-11-01T00:00:00","2026-01-01T00:00:00"`
    const broken = join(parent, 'broken.csv')
    const good = Array.from({ length: 2500 }, (_, i) => row(`r${i}`)).join('\n')
    writeFileSync(broken, `${header}\n${good}\n"r-open","Person","Never closed\n` + 'and the rest of the file, line after line\n'.repeat(1_200_000))
    const started = performance.now()
    // A small heap: reading the open field whole, as the import did, dies of V8 out-of-memory under it.
    const run = await idcheck(dataDir, '--max-old-space-size=128', 'screening', 'import', broken, '--format', 'opensanctions-csv', '--source', 'os-test')
    assert.deepEqual([run.code, run.stderr], [1, 'idcheck: OpenSanctions targets.simple.csv: data row 2501 (from line 2502) is longer than 4 MiB; ' +
      'a quote left open there would make the rest of the file one field. Nothing was imported, and the os-test list is unchanged.\n'])
    assert.ok(performance.now() - started < 30_000, `took ${Math.round(performance.now() - started)} ms`)
    assert.equal((await idcheck(dataDir, 'screening', 'lists', '--json')).stdout, before)
  })

  it('when an OFAC file leaves a comment open for 40 MB, then exit 1 naming the line, and the list is unchanged', async () => {
    const before = (await idcheck(dataDir, 'screening', 'lists', '--json')).stdout
    const xml = readFileSync(OFAC, 'utf8')
    const broken = join(parent, 'open-comment.xml')
    writeFileSync(broken, xml.slice(0, xml.indexOf('</sdnEntry>') + '</sdnEntry>'.length) + '\n<!-- ' + 'never closed\n'.repeat(3_200_000))
    const line = xml.slice(0, xml.indexOf('</sdnEntry>')).split('\n').length
    const run = await idcheck(dataDir, '--max-old-space-size=128', 'screening', 'import', broken, '--format', 'ofac-sdn-xml')
    assert.deepEqual([run.code, run.stderr], [1, `idcheck: OFAC SDN XML: nothing closes within 4 MiB after line ${line}; a text, comment or tag left open there ` +
      'would take the rest of the file. Nothing was imported, and the ofac-sdn list is unchanged.\n'])
    assert.equal((await idcheck(dataDir, 'screening', 'lists', '--json')).stdout, before)
  })

  it('when the command line is wrong, then exit 64 with the reason', async () => {
    const cases: [string[], RegExp][] = [
      [['screening', 'import', OFAC], /--format must be opensanctions-csv or ofac-sdn-xml/],
      [['screening', 'import', OFAC, '--format', 'xlsx'], /not "xlsx"/],
      [['screening', 'import', join(parent, 'missing.csv'), '--format', 'opensanctions-csv'], /missing\.csv: no such file/],
      [['screening', 'import', OFAC, '--format', 'ofac-sdn-xml', '--source', 'Bad Name'], /--source must be a short name/],
      [['screening', 'export'], /unknown command "screening export"/],
    ]
    for (const [args, message] of cases) {
      const run = await idcheck(dataDir, ...args)
      assert.equal(run.code, 64, args.join(' '))
      assert.match(run.stderr, message)
    }
  })
})
