import { setTimeout as sleep } from 'node:timers/promises'

/** The few API calls the benchmark needs to set up its data, over real HTTP. */
export function api (baseUrl: string, token: string) {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(baseUrl + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status} ${text}`)
    return text ? JSON.parse(text) : undefined
  }
  return {
    call,
    createCase: async (urn: string): Promise<number> => (await call('POST', '/api/cases', { urn, type: 'Business', entityName: 'Bench Ltd' })).id,
    createBankAccount: async (caseId: number, n: number): Promise<number> =>
      call('POST', `/api/cases/${caseId}/bank-accounts`, { countryCode: 'GB', firstName: 'Bench', lastName: 'Holder', sortCode: '089999', accountNumber: String(30000000 + n) }),
    /** A case whose bank accounts each have `attempts` completed BAV attempts. */
    async caseWithHistory (urn: string, accounts: number, attempts: number): Promise<number> {
      const caseId = await this.createCase(urn)
      const ids: number[] = []
      for (let i = 0; i < accounts; i++) ids.push(await this.createBankAccount(caseId, i))
      for (let a = 1; a < attempts; a++) for (const id of ids) await call('POST', `/api/cases/${caseId}/bank-accounts/${id}/bav-checks`)
      for (let i = 0; i < 600; i++) {
        const list = await call('GET', `/api/cases/${caseId}/bank-accounts`) as { bavAttemptHistory: unknown[] }[]
        if (list.every((b) => b.bavAttemptHistory.length === attempts)) return caseId
        await sleep(100)
      }
      throw new Error('BAV attempts did not complete in 60 s')
    },
  }
}

export async function token (baseUrl: string, clientId: string, clientSecret: string): Promise<string> {
  const res = await fetch(baseUrl + '/api/authenticate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clientId, clientSecret }) })
  if (res.status !== 200) throw new Error(`authenticate → ${res.status}`)
  return (await res.json()).accessToken
}

/** Waits until no job is waiting in any queue (read from /metrics, which loopback clients may scrape). */
export async function waitForQueuesToDrain (baseUrl: string, timeoutMs = 300_000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    const text = await (await fetch(baseUrl + '/metrics')).text()
    const waiting = text.split('\n').filter((l) => l.startsWith('idcheck_job_queue_depth{')).reduce((sum, l) => sum + Number(l.split(' ').pop()), 0)
    if (waiting === 0) return
    await sleep(500)
  }
  throw new Error('queues did not drain')
}
