import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'

// The repository stands on its own: no file sends its reader to a document outside it.
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
// `src/shared` is imported as `#shared/…` (package.json "imports"), so a relative path up into a folder
// named shared can only mean one outside the repository. Issue numbers are the tracker's, not the reader's.
const OUTSIDE = /\.\.\/shared\b|\bDESIGN\.md\b|\bSTYLE\.md\b|service-spec|\bspec §|\bissue #\d/i

describe('the repository stands on its own', () => {
  it('when any tracked file is read, then none points to a document outside the repository', () => {
    const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n')
      .filter((f) => /\.(ts|js|md|yaml|json|sh|sql)$|^Dockerfile$|^bin\//.test(f) && !f.endsWith('package-lock.json'))
    const pointing = files.filter((f) => f !== 'test/docs/self-contained.test.ts' && OUTSIDE.test(readFileSync(ROOT + f, 'utf8')))
    assert.deepEqual(pointing, [])
  })
})
