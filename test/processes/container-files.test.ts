import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { parse } from 'yaml'

// No container engine runs here (nor in CI), so the images are never built by the suite. This file keeps the
// Dockerfile and compose.yaml consistent with the project instead: what they copy exists, what they run is
// the project's own entry points, and every variable they set is one that loadConfig reads.
const ROOT = new URL('../../', import.meta.url).pathname
const read = (path: string) => readFileSync(ROOT + path, 'utf8')

const dockerfile = read('Dockerfile')
const instructions = dockerfile
  .replace(/\\\n\s*/g, ' ') // continuation lines
  .split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'))
const stages = instructions.reduce<string[][]>((all, line) => {
  if (/^FROM\s/i.test(line)) all.push([])
  all.at(-1)?.push(line)
  return all
}, [])
const runtime = stages.at(-1) ?? []

interface ComposeService {
  image?: string
  build?: unknown
  command?: string[] | string
  environment?: Record<string, string | number | boolean | null>
  deploy?: { replicas?: number }
  healthcheck?: { disable?: boolean }
  stop_grace_period?: string
  depends_on?: Record<string, unknown>
}
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> }
const services = compose.services

/** Variables loadConfig reads: `env.NAME` in src/config/config.ts. */
const configVariables = new Set([...read('src/config/config.ts').matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!))

/** The image's ENV keys, from `ENV A=1 B=2` and `ENV A 1`. */
const imageEnv = runtime.filter((l) => /^ENV\s/i.test(l)).flatMap((l) => {
  const rest = l.replace(/^ENV\s+/i, '')
  return rest.includes('=') ? [...rest.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=/g)].map((m) => m[1]!) : [rest.split(/\s+/)[0]!]
})

const seconds = (duration: string | undefined) => {
  const m = /^(\d+)(s|m)$/.exec(duration ?? '')
  return m ? Number(m[1]) * (m[2] === 'm' ? 60 : 1) : 0
}

describe('Dockerfile', () => {
  it('has a dependency stage that runs npm ci from the lockfile and a separate runtime stage', () => {
    assert.ok(stages.length >= 2, 'multi-stage')
    const deps = stages.find((s) => s.some((l) => /^RUN\s.*\bnpm ci\b/.test(l)))
    assert.ok(deps, 'a stage runs npm ci')
    assert.ok(deps.some((l) => /^COPY\s.*package-lock\.json/.test(l)), 'the lockfile is copied before npm ci')
    assert.notEqual(deps, runtime, 'dependencies are installed in a stage of their own')
    assert.ok(runtime.some((l) => /^COPY\s+--from=\S+\s+\/app\/node_modules\b/.test(l)), 'the runtime takes node_modules from that stage')
    assert.ok(!runtime.some((l) => /^RUN\s.*\bnpm (ci|install)\b/.test(l)), 'the runtime installs nothing')
  })

  it('bases both stages on the Node major the project pins', () => {
    const pinned = JSON.parse(read('package.json')).dependencies.node as string
    const major = pinned.split('.')[0]
    const image = /^ARG\s+NODE_IMAGE=(\S+)/m.exec(dockerfile)?.[1] ?? ''
    assert.match(image, new RegExp(`^node:${major}\\b`), `the base image is node:${major}`)
    for (const stage of stages) assert.match(stage[0]!, /^FROM\s+\$\{NODE_IMAGE\}\s/)
  })

  it('runs as a non-root user, listens on 0.0.0.0 and starts with npm start', () => {
    const user = runtime.filter((l) => /^USER\s/i.test(l)).at(-1)?.split(/\s+/)[1]
    assert.ok(user && !['root', '0', '0:0'].includes(user), `USER ${user} is not root`)
    assert.ok(imageEnv.includes('HOST') && /\bHOST=0\.0\.0\.0\b/.test(runtime.join('\n')), 'HOST=0.0.0.0')
    assert.match(runtime.filter((l) => /^CMD\s/.test(l)).at(-1) ?? '', /^CMD\s+\["npm",\s*"start"\]$/)
    const start = JSON.parse(read('package.json')).scripts.start as string
    assert.match(start, /^(node src\/server\.ts|bin\/idcheck serve)$/, 'npm start runs the server')
    if (start.startsWith('bin/')) assert.ok(runtime.some((l) => /^COPY\s+bin\s/.test(l)), 'bin/ is in the image')
  })

  it('has a HEALTHCHECK on /health/live, a route the service serves', () => {
    const check = runtime.find((l) => /^HEALTHCHECK\s/.test(l))
    assert.ok(check, 'HEALTHCHECK')
    assert.match(check, /\/health\/live/)
    assert.match(read('src/infra/http/health.ts'), /app\.get\('\/health\/live'/)
  })

  it('copies only paths that exist, and everything the service reads at run time', () => {
    const copied = runtime.filter((l) => /^COPY\s/.test(l) && !/--from=/.test(l))
      .flatMap((l) => l.replace(/^COPY\s+(--\S+\s+)*/, '').split(/\s+/).slice(0, -1))
    for (const path of copied) assert.ok(existsSync(ROOT + path), `${path} exists`)
    // npm start runs bin/idcheck, which runs src/ with the dependencies installed by the first stage.
    for (const needed of ['package.json', 'bin', 'src', 'migrations']) assert.ok(copied.includes(needed), `${needed} is copied`)
    assert.ok(runtime.some((l) => /^COPY\s+--from=deps\s+\/app\/node_modules\s/.test(l)), 'node_modules comes from the dependency stage')
  })

  it('sets only variables the service reads (or npm\'s own)', () => {
    for (const name of imageEnv.filter((n) => !n.startsWith('NPM_CONFIG_'))) assert.ok(configVariables.has(name), `${name} is read by loadConfig`)
  })

  it('has a .dockerignore that keeps node_modules, data and .env out of the build context', () => {
    const ignored = read('.dockerignore').split('\n').map((l) => l.trim())
    for (const path of ['node_modules', 'data', '.env']) assert.ok(ignored.includes(path), `${path} is ignored`)
  })
})

describe('compose.yaml', () => {
  it('has the services api, worker, postgres 16 and redis 7', () => {
    for (const name of ['api', 'worker', 'postgres', 'redis']) assert.ok(services[name], `service ${name}`)
    assert.match(services.postgres!.image ?? '', /^postgres:16\b/)
    assert.match(services.redis!.image ?? '', /^redis:7\b/)
  })

  it('runs at least two API processes without workers and one worker on the worker command of the CLI', () => {
    const api = services.api!
    assert.ok((api.deploy?.replicas ?? 1) >= 2, 'two API replicas')
    assert.equal(String(api.environment?.RUN_WORKERS), 'false')
    const worker = services.worker!
    assert.deepEqual(worker.command, ['bin/idcheck', 'worker'], 'through the launcher, with the same Node flags as the API')
    assert.match(read('bin/idcheck'), /--invocation-count-for-feedback-allocation=500/)
    assert.match(read('src/cli/main.ts'), /case 'worker':/)
    assert.equal(worker.healthcheck, undefined, 'the image\'s HEALTHCHECK probes the worker too')
    assert.equal(String(worker.environment?.WORKER_PORT), '3000', 'on the port the HEALTHCHECK probes (PORT unset: 3000)')
    assert.equal(worker.environment?.PORT, undefined)
    assert.match(read('Dockerfile'), /process\.env\.PORT \|\| 3000\) \+ '\/health\/live'/)
    for (const name of ['api', 'worker']) assert.ok(services[name]!.build !== undefined || services[name]!.image === services.api!.image, `${name} runs the project's image`)
  })

  it('gives the API and the worker the same database, Redis, signing key and environment, and only variables loadConfig reads', () => {
    const api = services.api!.environment ?? {}
    const worker = services.worker!.environment ?? {}
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'TOKEN_SIGNING_KEY', 'IDCHECK_ENVIRONMENT']) {
      assert.ok(api[name] !== undefined, `api sets ${name}`)
      assert.equal(worker[name], api[name], `worker and api share ${name}`)
    }
    for (const name of [...Object.keys(api), ...Object.keys(worker)]) assert.ok(configVariables.has(name), `${name} is read by loadConfig`)
    assert.equal(new URL(String(api.DATABASE_URL)).hostname, 'postgres')
    assert.equal(new URL(String(api.REDIS_URL)).hostname, 'redis')
    assert.match(String(api.TOKEN_SIGNING_KEY), /^\$\{TOKEN_SIGNING_KEY[:?}]/, 'the key comes from .env or the environment, never from the file')
  })

  it('waits for PostgreSQL and Redis, and gives the processes longer to stop than their 25 s shutdown', () => {
    const cutOff = Number(/setTimeout\([^,]+,\s*(\d[\d_]*)\)/.exec(read('src/server.ts'))?.[1]?.replaceAll('_', ''))
    assert.ok(cutOff > 0, 'the server has a shutdown cut-off')
    for (const name of ['api', 'worker']) {
      const service = services[name]!
      assert.deepEqual(Object.keys(service.depends_on ?? {}).sort(), ['postgres', 'redis'])
      assert.ok(seconds(service.stop_grace_period) * 1000 > cutOff, `${name}: stop_grace_period ${service.stop_grace_period} > ${cutOff} ms`)
    }
  })
})
