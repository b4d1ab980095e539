// Time to make a request id: ours (src/infra/http/request-id.ts) against crypto.randomUUID, each
// string read once so that it is flattened, as writing it to a header and the log does.
// node bench/investigations/request-id.ts
import { randomUUID } from 'node:crypto'
import { requestIdGenerator } from '../../src/infra/http/request-id.ts'

const ours = requestIdGenerator()
const noHeader = { headers: {} }
const makers = [['crypto.randomUUID', () => randomUUID()], ['requestIdGenerator', () => ours(noHeader)]] as const
let sink = 0
for (let round = 0; round < 3; round++) {
  const row: string[] = []
  for (const [name, make] of makers) {
    const from = process.hrtime.bigint()
    for (let i = 0; i < 2e6; i++) {
      const id = make()
      sink += id.charCodeAt(id.length - 1)
    }
    row.push(`${name} ${(Number(process.hrtime.bigint() - from) / 2e6).toFixed(0)} ns`)
  }
  console.log(row.join('   '))
}
if (sink === 0) console.log('')
