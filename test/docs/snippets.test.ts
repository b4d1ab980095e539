import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { after, describe, it } from 'node:test'
import { startLiveServer } from '../helpers/live-server.ts'
import { givenReseller, type GivenClient } from '../helpers/given.ts'

// "Every snippet in the docs is run by a test." The ```sh blocks of a page run in order in one bash
// (so TOKEN and friends carry over), the ```ts blocks each as a program on the pinned Node, all
// against a live server. A `# → text` (sh) or `// → text` (ts) comment says what the block prints:
// each such text must appear in its output, in order. Other fences (text, json) are not run.
// The docs are written against http://127.0.0.1:3000 with <clientId>/<clientSecret> placeholders
// (sh) or IDCHECK_CLIENT_ID/IDCHECK_CLIENT_SECRET (ts); the test substitutes a fresh reseller's.

const ROOT = path.resolve(import.meta.dirname, '../..')
// Snippets run in a project folder of their own, as a reader's would (the quickstart downloads files into it);
// its node_modules link gives `npx newman` and the type check the project's packages without an install.
const WORK = await mkdtemp(path.join(tmpdir(), 'idcheck-snippets-'))
await symlink(path.join(ROOT, 'node_modules'), path.join(WORK, 'node_modules'), 'dir')
await writeFile(path.join(WORK, 'package.json'), JSON.stringify({ private: true, type: 'module' }))
after(() => rm(WORK, { recursive: true, force: true }))
const CLIENT_ENTRY = path.join(ROOT, 'packages/client/src/index.ts')
const DOC_BASE_URL = 'http://127.0.0.1:3000'

const PAGES: { file: string, section?: string }[] = [
  { file: 'docs/quickstart.md' },
  { file: 'docs/authentication.md' },
  { file: 'docs/errors.md' },
  { file: 'docs/versioning.md' },
  { file: 'docs/rate-limits.md' },
  { file: 'README.md', section: '## Quickstart' },
]

interface Snippet { lang: 'sh' | 'ts', code: string, expected: string[], line: number }

function snippetsOf (markdown: string, section?: string): Snippet[] {
  let text = markdown
  let offset = 0
  if (section) {
    const start = markdown.indexOf(section)
    assert.ok(start >= 0, `no section ${section}`)
    const end = markdown.indexOf('\n## ', start + section.length)
    text = markdown.slice(start, end < 0 ? undefined : end)
    offset = markdown.slice(0, start).split('\n').length - 1
  }
  const snippets: Snippet[] = []
  for (const match of text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)) {
    const lang = match[1]
    if (lang !== 'sh' && lang !== 'ts') continue
    const code = match[2]!
    const marker = lang === 'sh' ? /#\s*→\s*(.+?)\s*$/ : /\/\/\s*→\s*(.+?)\s*$/
    const expected = code.split('\n').map((l) => marker.exec(l)?.[1]).filter((e): e is string => e !== undefined)
    snippets.push({ lang, code, expected, line: offset + text.slice(0, match.index).split('\n').length })
  }
  return snippets
}

function substitute (code: string, client: GivenClient, baseUrl: string): string {
  return code.replaceAll(DOC_BASE_URL, baseUrl).replaceAll('<clientId>', client.clientId).replaceAll('<clientSecret>', client.clientSecret)
}

function assertPrints (output: string, expected: string[], where: string): void {
  let from = 0
  for (const text of expected) {
    const at = output.indexOf(text, from)
    assert.ok(at >= 0, `${where}: expected the output to contain ${JSON.stringify(text)}${from ? ' after what came before' : ''}; output:\n${output}`)
    from = at + text.length
  }
}

const run = promisify(execFile)
const server = await startLiveServer()
const pages = await Promise.all(PAGES.map(async (page) => ({ ...page, snippets: snippetsOf(await readFile(path.join(ROOT, page.file), 'utf8'), page.section) })))

describe('the snippets of the docs, against a live server', () => {
  for (const page of pages) {
    describe(page.file, () => {
      it('when read, then it has snippets to run, and each ts snippet says what it prints', () => {
        assert.ok(page.snippets.length > 0, `${page.file} has no sh or ts snippet`)
        for (const s of page.snippets.filter((x) => x.lang === 'ts')) assert.ok(s.expected.length > 0, `${page.file}:${s.line} has no // → expectation`)
      })

      const sh = page.snippets.filter((s) => s.lang === 'sh')
      if (sh.length > 0) {
        it(`when its ${sh.length} sh snippet(s) run in order in one shell, then each exits 0 and prints what the page says`, async () => {
          const reseller = await givenReseller(server.app)
          const script = ['set -e -o pipefail', ...sh.flatMap((s, i) => [`echo '::snippet ${i}::'`, substitute(s.code, reseller, server.url)])].join('\n')
          const result = await run('bash', ['-c', script], {
            cwd: WORK, timeout: 120_000, maxBuffer: 10 * 1024 * 1024,
            // node_modules/.bin first, as under npm: the pinned Node, and newman for `npx newman`.
            env: { ...process.env, PATH: `${path.join(ROOT, 'node_modules/.bin')}:${process.env.PATH}`, NO_COLOR: '1' },
          }).catch((err: { code?: number, stdout?: string, stderr?: string }) => {
            const lastStarted = [...(err.stdout ?? '').matchAll(/::snippet (\d+)::/g)].at(-1)?.[1] ?? '0'
            assert.fail(`${page.file}:${sh[Number(lastStarted)]?.line}: the snippet exited ${err.code}\n${err.stdout}\n${err.stderr}`)
          })
          const outputs = result.stdout.split(/::snippet \d+::\n/).slice(1)
          sh.forEach((s, i) => assertPrints(outputs[i] ?? '', s.expected, `${page.file}:${s.line}`))
        })
      }

      for (const [i, s] of page.snippets.entries()) {
        if (s.lang !== 'ts') continue
        it(`when the ts snippet at line ${s.line} runs, then it exits 0 and prints what the page says`, async () => {
          const reseller = await givenReseller(server.app)
          const file = path.join(WORK, `${path.basename(page.file, '.md')}-${i}.ts`)
          const entry = path.relative(path.dirname(file), CLIENT_ENTRY)
          await writeFile(file, substitute(s.code, reseller, server.url).replaceAll("from '@idcheck/client'", `from './${entry}'`))
          const result = await run(process.execPath, [file], {
            cwd: WORK, timeout: 60_000,
            env: { ...process.env, IDCHECK_CLIENT_ID: reseller.clientId, IDCHECK_CLIENT_SECRET: reseller.clientSecret },
          }).catch((err: { code?: number, stdout?: string, stderr?: string }) =>
            assert.fail(`${page.file}:${s.line}: the snippet exited ${err.code}\n${err.stdout}\n${err.stderr}`))
          assertPrints(result.stdout, s.expected, `${page.file}:${s.line}`)
        })
      }
    })
  }

  it('when every ts snippet is type-checked with the project\'s compiler options, then there are no errors', async () => {
    const dir = path.join(WORK, 'typecheck')
    await mkdir(dir, { recursive: true })
    const files: string[] = []
    for (const page of pages) {
      for (const [i, s] of page.snippets.entries()) {
        if (s.lang !== 'ts') continue
        const file = path.join(dir, `${path.basename(page.file, '.md')}-${i}.ts`)
        await writeFile(file, s.code.replaceAll("from '@idcheck/client'", `from './${path.relative(dir, CLIENT_ENTRY)}'`))
        files.push(path.basename(file))
      }
    }
    await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify({ extends: path.join(ROOT, 'tsconfig.json'), include: files }))
    await run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', path.join(dir, 'tsconfig.json')], { cwd: ROOT, timeout: 120_000 })
      .catch((err: { stdout?: string }) => assert.fail(`type errors in the docs' ts snippets:\n${err.stdout}`))
  })
})
