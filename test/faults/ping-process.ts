// Authenticated Ping from a process of its own (argv: base URL, token), so the latency measured is
// the server's and not the test process's, which is busy sending the attack. Pings every 20 ms
// until its stdin closes, then prints {count, p95, p99, max, failures} as one JSON line.
import { setTimeout as sleep } from 'node:timers/promises'

const [base, token] = process.argv.slice(2) as [string, string]
const times: number[] = []
const failures: string[] = []
let running = true
process.stdin.on('end', () => { running = false })
process.stdin.resume()
process.stdout.write('ready\n')
while (running) {
  const started = performance.now()
  try {
    const res = await fetch(`${base}/api/Ping`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(10_000) })
    await res.text()
    times.push(performance.now() - started)
    if (res.status !== 200) failures.push(`HTTP ${res.status}`)
  } catch (error) {
    failures.push(String(error))
  }
  await sleep(20)
}
const sorted = times.sort((a, b) => a - b)
const rank = (q: number) => sorted[Math.max(0, Math.ceil(sorted.length * q) - 1)] ?? 0
process.stdout.write(JSON.stringify({ count: sorted.length, p95: rank(0.95), p99: rank(0.99), max: sorted.at(-1) ?? 0, failures }) + '\n')
