// Builds packages/client into JavaScript and declarations (packages/client/dist, or --out-dir), so the
// package runs on plain Node: Node strips types from the project's own files but never inside
// node_modules, where an installed @idcheck/client lives.
// node scripts/build-client.ts [--out-dir DIR]     (npm run build:client)
import { execFileSync } from 'node:child_process'
import { copyFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'

const CLIENT = path.resolve(import.meta.dirname, '../packages/client')
const TSC = path.resolve(import.meta.dirname, '../node_modules/typescript/bin/tsc')

export function buildClient (outDir = path.join(CLIENT, 'dist')): string {
  rmSync(outDir, { recursive: true, force: true })
  execFileSync(process.execPath, [TSC, '-p', path.join(CLIENT, 'tsconfig.build.json'), '--outDir', outDir], { stdio: 'inherit' })
  // The generated API types are a declaration file already: tsc does not copy those.
  copyFileSync(path.join(CLIENT, 'src/openapi.d.ts'), path.join(outDir, 'openapi.d.ts'))
  // tsc rewrites the sources' `./x.ts` imports to `./x.js` in JavaScript but leaves them in the
  // declarations, which a consumer's TypeScript would then not resolve: `./x.js` finds `x.d.ts`.
  for (const file of readdirSync(outDir).filter((f) => f.endsWith('.d.ts'))) {
    const text = readFileSync(path.join(outDir, file), 'utf8')
    writeFileSync(path.join(outDir, file), text.replace(/(from '\.\/[\w-]+?)(?:\.d)?\.ts'/g, "$1.js'"))
  }
  return outDir
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { 'out-dir': { type: 'string' } } })
  console.log(`built ${buildClient(values['out-dir'] && path.resolve(values['out-dir']))}`)
}
