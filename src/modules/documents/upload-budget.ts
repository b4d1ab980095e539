/**
 * Upload bytes being read by this process at once. A request is let in when its bytes fit beside
 * the others', and always when nothing else is being read, so a cap below one document's size
 * slows uploads instead of refusing them all.
 */
export function createUploadBudget (maxBytes: number) {
  let inFlight = 0
  return {
    take (bytes: number): boolean {
      if (inFlight > 0 && inFlight + bytes > maxBytes) return false
      inFlight += bytes
      return true
    },
    give (bytes: number): void { inFlight -= bytes },
    inFlight: () => inFlight,
  }
}

export type UploadBudget = ReturnType<typeof createUploadBudget>
