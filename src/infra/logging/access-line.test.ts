import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { Writable } from 'node:stream'
import { pino } from 'pino'
import { accessLineFormatter, type Completed } from './access-line.ts'

/** The line pino itself writes for the same fields, with the same bindings. */
function pinoLine (line: Completed, time: number): string {
  let written = ''
  const sink = new Writable({ write (chunk, _encoding, done) { written += String(chunk); done() } })
  const logger = pino({ base: { pid: 42, hostname: 'api-1' }, timestamp: () => `,"time":${time}` }, sink)
  logger.info({ ...line }, 'request completed')
  return written
}

const format = accessLineFormatter(42, 'api-1')
const sample: Completed = { reqId: '6f1c2d4e-0b1a-4c3d-9e8f-7a6b5c4d3e2f', method: 'GET', url: '/api/Ping?api-version=1.0', statusCode: 200, responseTime: 0.4123456 }

describe('access line', () => {
  it('when a request completes, then the line is byte for byte the line pino writes for the same fields', async () => {
    const expected = await new Promise<string>((resolve) => setImmediate(() => resolve(pinoLine(sample, 1_764_000_000_000))))
    assert.equal(format(sample, 1_764_000_000_000), expected)
  })

  it('when the URL holds quotes, backslashes, unicode and percent escapes, then the line is still one valid JSON object with the URL as sent', () => {
    const url = '/api/cases?urn="a\\b"&name=Zoë%20Ltd&x=\u2028'
    const text = format({ ...sample, url, statusCode: 404 }, 1)
    assert.equal(text.endsWith('}\n'), true)
    assert.equal(text.split('\n').length, 2, 'exactly one line')
    const parsed = JSON.parse(text)
    assert.equal(parsed.url, url)
    assert.equal(parsed.statusCode, 404)
    assert.deepEqual(Object.keys(parsed), ['level', 'time', 'pid', 'hostname', 'reqId', 'method', 'url', 'statusCode', 'responseTime', 'msg'])
  })
})
