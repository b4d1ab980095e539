import { relative } from 'node:path'

// A node:test reporter that lists every skipped test with its reason once the run ends, so a CI log
// shows at a glance what did not run in this mode (.ci/run adds it beside the spec reporter).

interface TestEvent { type: string, data: { name?: string, file?: string, skip?: string | boolean } }

export default async function * skippedReporter (source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  const skipped: string[] = []
  // A file's results arrive together and end with its summary, which names the file: the stand-in a
  // helper registers for a skipped suite carries the helper's location, not the test file's.
  let pending: { name: string, reason: string }[] = []
  for await (const { type, data } of source) {
    if ((type === 'test:pass' || type === 'test:fail') && data.skip !== undefined && data.skip !== false) {
      pending.push({ name: data.name ?? '', reason: typeof data.skip === 'string' ? data.skip : 'no reason given' })
    }
    if (type === 'test:summary' && data.file) {
      const file = relative(process.cwd(), data.file)
      skipped.push(...pending.map(({ name, reason }) => `  ${file}: ${name} — ${reason}`))
      pending = []
    }
  }
  skipped.push(...pending.map(({ name, reason }) => `  ${name} — ${reason}`))
  yield skipped.length === 0 ? '\nSkipped: none\n' : `\nSkipped (${skipped.length}):\n${skipped.join('\n')}\n`
}
