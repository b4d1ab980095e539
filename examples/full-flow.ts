// The whole integration in one script, with the typed client (@idcheck/client):
// a reseller creates a sub-account for a customer, the customer authenticates with its own
// credentials, registers a webhook receiver, creates a case, adds a bank account, and receives the
// signed bank_account.bav_completed webhook with the check's result.
//
//   BASE_URL=http://127.0.0.1:3000 CLIENT_ID=<reseller clientId> CLIENT_SECRET=<reseller clientSecret> node examples/full-flow.ts
//
// Against a sandbox: the receiver listens on 127.0.0.1 (RECEIVER_HOST, RECEIVER_PORT to change it),
// which the sandbox may call; production refuses private and loopback webhook targets.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomUUID } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { createIdcheckClient } from '../packages/client/src/index.ts'

const env = (name: string, fallback?: string): string => {
  const value = process.env[name] ?? fallback
  if (!value) throw new Error(`set ${name}`)
  return value
}
const baseUrl = env('BASE_URL', 'http://127.0.0.1:3000')
const timeoutMs = Number(env('WEBHOOK_TIMEOUT_MS', '30000'))
const step = (text: string) => console.log(`→ ${text}`)

// 1. The reseller, with the credentials from `idcheck reseller create` (or the demo reseller of `npm start`).
const reseller = createIdcheckClient({ baseUrl, clientId: env('CLIENT_ID'), clientSecret: env('CLIENT_SECRET') })
const bav = (await reseller.accounts.resellableServices()).find((s) => s.checkType === 'BAV')
if (!bav) throw new Error('the reseller cannot assign the BAV service')

// 2. A sub-account for the customer, with BAV on. externalReference makes a retried create safe.
const reference = `example-${randomUUID()}`
const created = await reseller.accounts.create({ name: `Example customer ${reference}`, enabledServices: [bav.serviceId], externalReference: reference })
step(`created sub-account ${created.account.id} (${created.account.name}) with ${created.account.enabledServices.map((s) => s.checkType).join(', ')}`)

// 3. The customer authenticates with its own credentials (shown once, in the create answer).
const customer = createIdcheckClient({ baseUrl, clientId: created.credentials.clientId, clientSecret: created.credentials.clientSecret })
step(`authenticated as the sub-account: ${await customer.ping()}`)

// 4. A webhook receiver that checks every signature (Standard Webhooks) before trusting the body.
interface WebhookEvent {
  type: string
  timestamp: string
  data: { caseId: number, bankAccountId: number, bavAttempt: { riskRating: { id: number, name: string }, bankName: string | null } }
}
let secret = ''
const receiver = http.createServer()
const received = new Promise<WebhookEvent>((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`no bank_account.bav_completed webhook within ${timeoutMs} ms`)), timeoutMs)
  timer.unref() // the listening receiver keeps the process alive while the flow waits
  receiver.on('request', (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      try {
        const event = new Webhook(secret).verify(body, req.headers as Record<string, string>) as WebhookEvent
        res.writeHead(204).end()
        step(`webhook ${req.headers['webhook-id']} ${event.type}: signature verified`)
        if (event.type === 'bank_account.bav_completed') {
          clearTimeout(timer)
          resolve(event)
        }
      } catch (err) {
        res.writeHead(400).end()
        console.error(`rejected a webhook with a bad signature: ${(err as Error).message}`)
      }
    })
  })
})
await new Promise<void>((resolve) => receiver.listen(Number(env('RECEIVER_PORT', '0')), env('RECEIVER_HOST', '127.0.0.1'), resolve))
const { address, port } = receiver.address() as AddressInfo
const endpoint = await customer.webhooks.create({ url: `http://${address}:${port}/idcheck-webhooks`, events: ['bank_account.bav_completed'] })
secret = endpoint.secret
step(`registered webhook ${endpoint.id} → ${endpoint.url}`)

try {
  // 5. A case, and a bank account on it: BAV is queued at once (sandbox pair 089999 / 66374958 rates Low).
  const person = await customer.cases.create({ urn: `CUST-${reference}`, type: 'Person', givenNames: 'Jane', surname: 'Doe', dobDay: 14, dobMonth: 3, dobYear: 1987 })
  step(`created case ${person.id}`)
  const bankAccountId = await customer.bankAccounts.create(person.id, { countryCode: 'GB', firstName: 'Jane', lastName: 'Doe', sortCode: '089999', accountNumber: '66374958' })
  step(`added bank account ${bankAccountId}; waiting for the BAV webhook`)

  // 6. The result arrives by webhook; the bank account list says the same.
  const event = await received
  const { riskRating, bankName } = event.data.bavAttempt
  step(`BAV result for bank account ${event.data.bankAccountId}: riskRating ${riskRating.id} ${riskRating.name} (${bankName})`)
  const [account] = await customer.bankAccounts.list(person.id)
  step(`GET bank accounts: latestBavAttempt riskRating ${account?.latestBavAttempt?.riskRating.name}`)
} finally {
  receiver.close()
}
