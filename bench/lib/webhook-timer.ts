import { createServer, type Server } from 'node:http'

/** A local receiver that notes when each bank account's BAV webhook arrives. */
export async function startWebhookTimer (): Promise<{ url: string, arrivals: Map<number, number>, close (): Promise<void> }> {
  const arrivals = new Map<number, number>()
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => { body += c })
    req.on('end', () => {
      try {
        const event = JSON.parse(body)
        if (event.type === 'bank_account.bav_completed') arrivals.set(event.data.bankAccountId, performance.now())
      } catch {}
      res.end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return { url: `http://127.0.0.1:${port}/hook`, arrivals, close: () => new Promise((resolve) => server.close(() => resolve())) }
}
