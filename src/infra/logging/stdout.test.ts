import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { describe, it } from 'node:test'
import { promisify } from 'node:util'

/** Lines of every size and script: far more than one 32 KB block, and one longer than a block in UTF-8. */
function sampleLines (): string[] {
  return [
    '{"msg":"héllo ☃ 😀"}\n',
    ...Array.from({ length: 400 }, (_, i) => `{"i":${i},"pad":"${'x'.repeat(200 + (i % 7))}"}\n`),
    `{"big":"${'€'.repeat(20_000)}"}\n`,
    '{"msg":"last"}\n',
  ]
}

/** Runs a process that writes the sample lines through its stdout destination and exits; its stdout. */
async function writtenThroughStdout (): Promise<string> {
  const script = `
    import { stdoutDestination } from ${JSON.stringify(new URL('./stdout.ts', import.meta.url).href)}
    const destination = stdoutDestination()
    for (const line of (${sampleLines.toString()})()) destination.write(line)
  `
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { maxBuffer: 64 << 20 })
  return stdout
}

describe('stdout destination (log lines in blocks)', () => {
  it('when lines of every size and script are written and the process exits, then stdout holds them all, in order, byte for byte', async () => {
    assert.equal(await writtenThroughStdout(), sampleLines().join(''))
  })
})
