import { createServer, type Server } from 'node:http'

export interface WebhookTimer {
  url: string
  /** When each bank account's bank_account.bav_completed webhook arrived (performance.now()). */
  arrivals: Map<number, number>
  /** Resolves with the arrival time of the bank account's webhook. */
  arrival (bankAccountId: number): Promise<number>
  close (): Promise<void>
}

/** A local receiver that notes when each bank account's BAV webhook arrives. */
export async function startWebhookTimer (): Promise<WebhookTimer> {
  const arrivals = new Map<number, number>()
  const waiting = new Map<number, (at: number) => void>()
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => { body += c })
    req.on('end', () => {
      try {
        const event = JSON.parse(body)
        if (event.type === 'bank_account.bav_completed') {
          const at = performance.now()
          arrivals.set(event.data.bankAccountId, at)
          waiting.get(event.data.bankAccountId)?.(at)
        }
      } catch {}
      res.end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}/hook`,
    arrivals,
    arrival: (id) => {
      const at = arrivals.get(id)
      return at !== undefined ? Promise.resolve(at) : new Promise((resolve) => waiting.set(id, resolve))
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
