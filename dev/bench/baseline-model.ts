/**
 * BASELINE: the original product's session refresh, as a small event model (no engine, no fakes).
 *
 * Spec constants used (/work/shared/spec/product-spec.md §4 "Session lifetime" and §9), kept here rather
 * than imported from src/core so that changing the engine never changes the baseline:
 * - product: re-authenticate on load and every 600000 ms, in every tab (a per-tab interval); each is one
 *   sessions/authenticate call, not retried; a successful one sets a JWT, and "setting a JWT triggers a
 *   fetch of the poap events" (one events fetch);
 * - provider SDK background refresh every 180000 ms, in every tab; a recoverable failure is retried after
 *   2000·2^min(n,7) ms with jitter of about ±175 ms (range 350 ms), until success. `n` counts the failures
 *   so far, as the SDK does (@stytch/vanilla-js SessionManager: `count++` before the wait), so the first
 *   retry waits 4000 ms;
 * - 60-minute sessions: the "fewer than 40 minutes left" rule (2400000 ms) never fires here, because the
 *   3-minute refresh keeps more than 40 minutes left even through a 10-minute outage; not modelled.
 *
 * Two variants:
 * - `spec`: the model of issue 4 item 9: each tab's SDK refresh runs on its own 180000 ms timer from load,
 *   untouched by anything else;
 * - `sdk-source`: what @stytch/vanilla-js 6.3.0 (in node_modules; the spec names 5.5.2) actually does: the
 *   client also refreshes at construction (page load) when a session cookie exists, and every session
 *   change (its own refresh, the product's authenticate, or another tab's, which arrives through the
 *   localStorage `storage` event) reschedules every tab's timer to 180000 ms later
 *   (SessionManager._onDataChange → scheduleBackgroundRefresh). Tabs then refresh for each other.
 *
 * Events fetches count only the product's calls; if the product also took the SDK's refreshed JWT, every
 * SDK success would add one more. The baseline's events figures are therefore a lower bound.
 */
import {
  HOUR_MS,
  JITTER_SEED,
  PROVIDER_LATENCY_MS,
  providerDown,
  seededRandom,
  tabLoadOffset,
  type AuthCall,
  type HourCounts,
  type Scenario,
} from './scenario.ts'

export type BaselineVariant = 'spec' | 'sdk-source'

/** Spec §4/§9: the product's re-authentication interval. */
const PRODUCT_REFRESH_MS = 600_000
/** Spec §4/§9: the provider SDK's background refresh. */
const SDK_REFRESH_MS = 180_000
/** Spec §4/§9: backoff base, exponent cap, jitter range. */
const BACKOFF_BASE_MS = 2_000
const BACKOFF_MAX_EXPONENT = 7
const BACKOFF_JITTER_RANGE_MS = 350

/** One SDK refresh in progress (`_reauthenticateWithBackoff`): its next attempt and failures so far. */
interface RefreshLoop {
  nextAt: number
  failures: number
}

interface Tab {
  productNextAt: number
  sdkTimerAt: number | null
  loops: RefreshLoop[]
}

/** Runs one simulated hour of the baseline with `tabs` tabs. Times are offsets into the hour. */
export function simulateBaseline(
  tabs: number,
  variant: BaselineVariant,
  scenario: Scenario,
): HourCounts {
  const random = seededRandom(JITTER_SEED)
  const authCalls: AuthCall[] = []
  let eventsFetches = 0

  const state: Tab[] = Array.from({ length: tabs }, (_, tab) => {
    const load = tabLoadOffset(tab)
    return variant === 'spec'
      ? { productNextAt: load, sdkTimerAt: load + SDK_REFRESH_MS, loops: [] }
      : { productNextAt: load, sdkTimerAt: null, loops: [{ nextAt: load, failures: 0 }] }
  })

  /** One sessions/authenticate call sent at `at`; returns when it was answered and how. */
  function authenticate(at: number): { ok: boolean; answeredAt: number } {
    const answeredAt = at + PROVIDER_LATENCY_MS
    const ok = !providerDown(scenario, answeredAt)
    authCalls.push({ at, ok })
    return { ok, answeredAt }
  }

  function backoff(failures: number): number {
    const jitter = Math.floor(random() * BACKOFF_JITTER_RANGE_MS) - BACKOFF_JITTER_RANGE_MS / 2
    return BACKOFF_BASE_MS * 2 ** Math.min(failures, BACKOFF_MAX_EXPONENT) + jitter
  }

  /** A successful call changed the session: in the SDK, every tab's timer starts again. */
  function sessionChanged(answeredAt: number): void {
    if (variant !== 'sdk-source') return
    for (const tab of state) tab.sdkTimerAt = answeredAt + SDK_REFRESH_MS
  }

  for (;;) {
    // The earliest pending action over all tabs; at equal times SDK work goes before the product's.
    let next: { at: number; run: () => void } | null = null
    const consider = (at: number, run: () => void) => {
      if (next === null || at < next.at) next = { at, run }
    }
    for (const tab of state) {
      for (const loop of tab.loops) {
        consider(loop.nextAt, () => {
          const { ok, answeredAt } = authenticate(loop.nextAt)
          if (!ok) {
            loop.failures += 1
            loop.nextAt = answeredAt + backoff(loop.failures)
            return
          }
          tab.loops.splice(tab.loops.indexOf(loop), 1)
          tab.sdkTimerAt = answeredAt + SDK_REFRESH_MS
          sessionChanged(answeredAt)
        })
      }
      const timerAt = tab.sdkTimerAt
      if (timerAt !== null) {
        consider(timerAt, () => {
          tab.sdkTimerAt = null
          tab.loops.push({ nextAt: timerAt, failures: 0 })
        })
      }
      consider(tab.productNextAt, () => {
        const { ok, answeredAt } = authenticate(tab.productNextAt)
        tab.productNextAt += PRODUCT_REFRESH_MS
        if (!ok) return
        eventsFetches += 1
        sessionChanged(answeredAt)
      })
    }
    const action = next as { at: number; run: () => void } | null
    if (action === null || action.at >= HOUR_MS) break
    action.run()
  }

  // The baseline has no session host to wake.
  return { authCalls, eventsFetches, signOuts: 0, wakes: null, workerStarts: null }
}
