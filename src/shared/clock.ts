/** Time as the application sees it; tests pass a clock they can move. */
export interface Clock {
  now (): number
}

export const systemClock: Clock = { now: () => Date.now() }
