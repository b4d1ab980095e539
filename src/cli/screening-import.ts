import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import cliProgress from 'cli-progress'
import type { Config } from '../config/config.ts'
import { DEFAULT_SOURCE, type ImportProgress, type ListFormat } from '../modules/screening/index.ts'
import { UsageError } from './usage.ts'
import { withApp } from './with-app.ts'

const FORMATS: readonly ListFormat[] = ['opensanctions-csv', 'ofac-sdn-xml']
const USAGE = 'usage: screening import FILE --format opensanctions-csv|ofac-sdn-xml [--source NAME] [--json]'

/** `idcheck screening import FILE --format F [--source NAME]`: replaces that source's entries with the file's. */
export async function screeningImport (config: Config, args: string[]): Promise<number> {
  const { positionals, values } = parseArgs({ args, allowPositionals: true, strict: true, options: { format: { type: 'string' }, source: { type: 'string' }, json: { type: 'boolean' } } })
  const [file, ...extra] = positionals
  if (file === undefined || extra.length > 0) throw new UsageError(USAGE)
  const format = values.format as ListFormat | undefined
  if (format === undefined || !FORMATS.includes(format)) throw new UsageError(`--format must be ${FORMATS.join(' or ')}${format ? `, not "${format}"` : ''}`)
  const source = values.source ?? DEFAULT_SOURCE[format]
  if (!/^[a-z0-9][a-z0-9._-]{0,62}$/.test(source)) throw new UsageError(`--source must be a short name of lower-case letters, digits, '.', '_' or '-', not "${source}"`)
  if (!existsSync(file)) throw new UsageError(`${file}: no such file`)

  // A bar only for a person at a terminal; scripts and logs get the one closing line.
  const bar = process.stderr.isTTY && !values.json
    ? new cliProgress.SingleBar({ format: 'importing {source} [{bar}] {percentage}% | {entries} entries | {eta_formatted} left', stream: process.stderr }, cliProgress.Presets.shades_classic)
    : null
  bar?.start(100, 0, { source, entries: 0 })
  const onProgress = ({ bytesRead, totalBytes, entries }: ImportProgress) =>
    bar?.update(totalBytes === 0 ? 100 : Math.floor((100 * bytesRead) / totalBytes), { entries })
  try {
    const version = await withApp(config, (app) => app.services.screening.importList(file, format, source, onProgress))
    bar?.stop()
    process.stdout.write(values.json
      ? JSON.stringify(version) + '\n'
      : `Imported ${version.entries} entries into the ${version.source} list (version ${version.version.slice(0, 12)}, ${version.importedAt}).\n` +
        'Every case with AML is screened again by the running service, in batches; "idcheck screening lists" shows how far it is.\n')
    return 0
  } catch (err) {
    bar?.stop()
    throw err
  }
}

/** `idcheck screening lists`: the lists in use, one version per source. */
export async function screeningLists (config: Config, args: string[]): Promise<number> {
  const { values } = parseArgs({ args, strict: true, options: { json: { type: 'boolean' } } })
  const lists = await withApp(config, (app) => app.services.screening.lists())
  if (values.json) {
    process.stdout.write(JSON.stringify(lists) + '\n')
  } else if (lists.length === 0) {
    process.stdout.write('No screening list is imported: AML is not offered until one is (idcheck screening import FILE --format …).\n')
  } else {
    process.stdout.write('source            format             entries   importedAt                version       re-screen of AML cases\n')
    for (const l of lists) {
      const { status, cases, changed } = l.rescreen
      const rescreen = `${status === 'done' ? 'done' : 'running'}: ${cases} screened, ${changed} with new results`
      process.stdout.write(`${l.source.padEnd(18)}${l.format.padEnd(19)}${String(l.entries).padStart(8)}   ${l.importedAt.padEnd(26)}${l.version.slice(0, 12).padEnd(14)}${rescreen}\n`)
    }
  }
  return 0
}
