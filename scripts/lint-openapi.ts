// `npm run lint:openapi`: lints the served OpenAPI document with Redocly under ./redocly.yaml.
// Usage: node scripts/lint-openapi.ts [--format=json]
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openApiDocument } from './openapi-document.ts'

const root = path.resolve(import.meta.dirname, '..')
const dir = mkdtempSync(path.join(tmpdir(), 'idcheck-openapi-'))
try {
  const file = path.join(dir, 'openapi.json')
  writeFileSync(file, JSON.stringify(await openApiDocument(), null, 2))
  const cli = path.join(root, 'node_modules/@redocly/cli/bin/cli.js')
  // The pinned Node runs Redocly too (process.execPath), whatever `node` is on the PATH.
  const run = spawnSync(process.execPath, [cli, 'lint', '--config', path.join(root, 'redocly.yaml'), ...process.argv.slice(2), file], { stdio: 'inherit', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } })
  process.exitCode = run.status ?? 1
} finally {
  rmSync(dir, { recursive: true, force: true })
}
