// A node:test reporter: each test file's wall time, slowest first, and their sum. It finds where
// the suite's time goes (docs/performance.md, "The test suite"):
// NODE_OPTIONS="--test-reporter=./test/helpers/file-times-reporter.ts --test-reporter-destination=stdout" npm test
import type { TestEvent } from 'node:test/reporters'

export default async function * fileTimes (source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  const files: [number, string][] = []
  for await (const event of source) {
    // The runner reports each file as a test of its own, named by its path, when the file ends.
    if (event.type !== 'test:complete' || event.data.nesting !== 0) continue
    const { file, name, details } = event.data
    if (file && file.endsWith(name)) files.push([details.duration_ms, name])
  }
  files.sort((a, b) => b[0] - a[0])
  const total = files.reduce((sum, [ms]) => sum + ms, 0)
  yield `${files.length} files, ${(total / 1000).toFixed(0)} s in all (files run two at a time)\n`
  for (const [ms, name] of files) yield `${(ms / 1000).toFixed(1).padStart(7)} s  ${name}\n`
}
