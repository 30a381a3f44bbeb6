/** What every model in the session bench simulates: tabs, timing, the outage, and what gets counted. */

export const MINUTE_MS = 60_000
export const HOUR_MS = 60 * MINUTE_MS

/** Tab counts simulated. */
export const TAB_COUNTS = [1, 5, 10] as const

/** Tab `i` loads (sends its first `hello`) this long after the hour starts: restored tabs, one a second. */
export const TAB_LOAD_STAGGER_MS = 1_000

/** Fake time each provider call takes to answer. */
export const PROVIDER_LATENCY_MS = 300

/** Seed of every jitter draw, so every run prints the same figures. */
export const JITTER_SEED = 20_250_101

/** Most provider calls allowed per healthy hour, whatever the number of tabs (issue 4, item 9). */
export const TARGET_CALLS_PER_HEALTHY_HOUR = 7

/** A simulated hour: healthy, or with every sessions/authenticate failing in [from, to) (offsets in the hour). */
export interface Scenario {
  name: 'healthy' | 'outage'
  outage: { from: number; to: number } | null
}

export const SCENARIOS: readonly Scenario[] = [
  { name: 'healthy', outage: null },
  { name: 'outage', outage: { from: 20 * MINUTE_MS, to: 30 * MINUTE_MS } },
]

/** Whether the provider fails every authenticate call answered at `offset` ms into the hour. */
export function providerDown(scenario: Scenario, offset: number): boolean {
  const outage = scenario.outage
  return outage !== null && offset >= outage.from && offset < outage.to
}

/** When tab `tab` (0-based) loads, as an offset into the hour. */
export function tabLoadOffset(tab: number): number {
  return tab * TAB_LOAD_STAGGER_MS
}

/** One sessions/authenticate call: when it was sent (offset into the hour) and whether it succeeded. */
export interface AuthCall {
  at: number
  ok: boolean
}

/** What one model did in the simulated hour. */
export interface HourCounts {
  /** sessions/authenticate calls sent during the hour, in time order. */
  authCalls: AuthCall[]
  /** Cards API events fetches sent during the hour. */
  eventsFetches: number
  /** Times the user was signed out (none expected: an outage is recoverable). */
  signOuts: number
  /** Events the host handled to keep its schedule (tabs' heartbeats, its own timer); null: not modelled. */
  wakes: number | null
  /** Times the browser had to start the stopped worker for an event; null: no worker. */
  workerStarts: number | null
}

/** A small deterministic PRNG (mulberry32): numbers in [0, 1), like Math.random. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}
