import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, describe, it } from 'node:test'
import { promisify } from 'node:util'
import { buildClient } from '../../scripts/build-client.ts'
import { startLiveServer } from '../helpers/live-server.ts'
import { givenReseller } from '../helpers/given.ts'

// @idcheck/client as an integrator installs it: built to JavaScript and declarations, in a project's
// node_modules, where Node strips no types. The project is a temporary folder beside nothing of ours.
const ROOT = new URL('../../', import.meta.url).pathname
const run = promisify(execFile)
const server = await startLiveServer()
const project = mkdtempSync(path.join(tmpdir(), 'idcheck-client-user-'))
after(() => rmSync(project, { recursive: true, force: true }))
const installed = path.join(project, 'node_modules/@idcheck/client')
mkdirSync(installed, { recursive: true })
writeFileSync(path.join(installed, 'package.json'), JSON.stringify({ ...(await import('../../packages/client/package.json', { with: { type: 'json' } })).default, scripts: undefined }))
buildClient(path.join(installed, 'dist'))
symlinkSync(path.join(ROOT, 'node_modules/openapi-fetch'), path.join(project, 'node_modules/openapi-fetch'), 'dir')
writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'integrator', private: true, type: 'module' }))

describe('@idcheck/client, built and installed in another project', () => {
  it('when plain JavaScript imports it, then it authenticates and calls the API', async () => {
    const reseller = await givenReseller(server.app)
    writeFileSync(path.join(project, 'use.js'), `
      import { createIdcheckClient, IdcheckApiError } from '@idcheck/client'
      const client = createIdcheckClient({ baseUrl: process.env.BASE_URL, clientId: process.env.CLIENT_ID, clientSecret: process.env.CLIENT_SECRET })
      const pong = await client.ping()
      const created = await client.cases.create({ urn: 'PKG-1', type: 'Business', entityName: 'Acme Ltd' })
      const refused = await client.accounts.get(999999).catch((err) => err instanceof IdcheckApiError ? err.status : String(err))
      console.log(JSON.stringify({ pong, urn: created.urn, refused }))
    `)
    const { stdout } = await run(process.execPath, ['use.js'], {
      cwd: project,
      env: { ...process.env, BASE_URL: server.url, CLIENT_ID: reseller.clientId, CLIENT_SECRET: reseller.clientSecret },
    })
    assert.deepEqual(JSON.parse(stdout), { pong: 'Pong', urn: 'PKG-1', refused: 404 })
  })

  it('when a TypeScript project type-checks against it, then its types resolve from the declarations, and a wrong call is an error', async () => {
    writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', strict: true, noEmit: true, skipLibCheck: false, types: [] },
      files: ['typed.ts'],
    }))
    const typed = (body: string) => writeFileSync(path.join(project, 'typed.ts'), `
      import { createIdcheckClient, type Schemas } from '@idcheck/client'
      const client = createIdcheckClient({ baseUrl: 'http://127.0.0.1:3000', clientId: 'id', clientSecret: 'secret' })
      ${body}
      export {}
    `)
    const tsc = (args: string[]) => run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), ...args], { cwd: project })

    typed(`const pong: string = await client.ping()
      const created: Schemas['Case'] = await client.cases.create({ urn: 'PKG-2', type: 'Business', entityName: 'Acme Ltd' })`)
    await tsc(['-p', '.'])

    typed(`await client.cases.create({ urn: 'PKG-3', type: 'Company', entityName: 'Acme Ltd' })`)
    await assert.rejects(tsc(['-p', '.']), (err: { stdout: string }) => {
      assert.match(err.stdout, /typed\.ts.*error TS2322: Type '"Company"' is not assignable/)
      return true
    })
  })
})
