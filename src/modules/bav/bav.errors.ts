import { Problem } from '../../infra/http/api-error.ts'

export class BavNotEnabled extends Problem {
  constructor (reason: string | null) {
    super(403, {
      title: 'Service Not Enabled',
      detail: reason ?? 'Bank account verification (BAV) is not enabled on this account; a reseller enables it with PATCH /api/accounts/{id}.',
    })
  }
}
