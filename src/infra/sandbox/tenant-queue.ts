/**
 * Waiting items grouped by tenant, served fairly: the next item is the oldest of the tenant served
 * least recently (a tenant never served comes first), so a tenant with thirty items waiting delays
 * another tenant's next item by one item, not thirty.
 */
export interface TenantQueue<T> {
  push (tenant: string, item: T): void
  shift (): T | undefined
  /** Every waiting item; the queue is left empty. */
  drain (): T[]
  readonly size: number
}

/** Served tenants remembered beyond this many are forgotten when they have nothing waiting. */
const MEMORY = 10_000

export function createTenantQueue<T> (): TenantQueue<T> {
  const waiting = new Map<string, T[]>()
  const lastServed = new Map<string, number>()
  let turn = 0
  let size = 0
  return {
    push (tenant, item) {
      const items = waiting.get(tenant)
      if (items) items.push(item)
      else waiting.set(tenant, [item])
      size++
    },
    shift () {
      let next: string | undefined
      for (const tenant of waiting.keys()) {
        if (next === undefined || (lastServed.get(tenant) ?? -1) < (lastServed.get(next) ?? -1)) next = tenant
      }
      if (next === undefined) return undefined
      const items = waiting.get(next)!
      const item = items.shift()!
      if (items.length === 0) waiting.delete(next)
      lastServed.set(next, turn++)
      if (lastServed.size > MEMORY) for (const tenant of lastServed.keys()) if (!waiting.has(tenant)) lastServed.delete(tenant)
      size--
      return item
    },
    drain () {
      const all = [...waiting.values()].flat()
      waiting.clear()
      size = 0
      return all
    },
    get size () { return size },
  }
}
