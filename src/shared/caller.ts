/** Who is calling, as established by the bearer token; set on every authenticated request. */
export interface Caller {
  accountId: number
  isReseller: boolean
  rateLimitPerSecond: number
}
