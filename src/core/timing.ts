/**
 * Every deadline and interval the app and the worker run by, in two sets: production's, and the
 * short ones of the browser-test build (stretched by the test run's speed factor), so no test
 * waits for a production timeout. Which set a build uses is fixed at build time
 * (`src/config/timing.ts`, decisions 027 and 037).
 */

/** The deadlines and intervals, each in milliseconds. */
export interface Timing {
  /**
   * Time allowed for one provider call before it counts as a recoverable failure: short, as on a
   * phone with one bar of signal (lie-fi) a call that has not answered in 8 s rarely will.
   */
  providerTimeoutMs: number
  /** Time allowed for one cards API call. */
  cardsTimeoutMs: number
  /**
   * A tab that has shown `refreshing` this long asks the host again (`hello`): longer than a
   * refresh can take (re-authentication, then events, each with its timeout, plus slack), so only
   * a host stopped mid-call, whose `refreshing: false` never comes, trips it.
   */
  refreshingRecheckMs: number
  /**
   * The tap page's longest wait for the host's answer: longer than its refresh can take (each
   * call has its deadline), so only a host stopped mid-call, or one that never answers, runs into it.
   */
  tapRefreshTimeoutMs: number
  /** How long a hand-off or sign-out may take before the page stops waiting. */
  answerTimeoutMs: number
  /** How long an account call may take: a change and the list after it, each with its deadline. */
  accountTimeoutMs: number
  /**
   * Time a sign-in step (send a code or link, check it) may take before the page gives up and
   * says the service is not answering: the provider SDK sets no deadline of its own, so on lie-fi
   * its calls would wait for good. Longer than the worker's calls, as sending an email takes time.
   */
  signInTimeoutMs: number
  /**
   * How long after the host's named wake time (`wakeAt`) a visible tab wakes it: timers may fire
   * a little early, and a wake before the due time does nothing.
   */
  wakeSlackMs: number
  /**
   * How long a tab that woke the host waits for it to name a new time before waking it again
   * (it found nothing due, or the wake was lost).
   */
  wakeRetryMs: number
  /** Base of the exponential backoff after a recoverable failure. */
  backoffBaseMs: number
  /** Backoff delays move by a random amount in ±this. */
  backoffJitterMs: number
  /** Re-authenticate this long after the last scheduled one. */
  reauthIntervalMs: number
  /**
   * Smallest gap after a successful authentication before a page load or the under-40-minutes rule
   * may call again: stops a burst of loads (or a provider granting short sessions) from becoming a
   * burst of calls.
   */
  reauthMinGapMs: number
  /** A scheduled call that runs at most this late keeps the 10-minute cadence instead of restarting it. */
  cadenceSlackMs: number
}

/**
 * The values a table is made of: its independent deadlines, and the slack each sum of them adds.
 * `timingFrom` writes the sums, so a call timeout changed in one place moves every wait built on it.
 */
export interface TimingBase extends Omit<
  Timing,
  'refreshingRecheckMs' | 'tapRefreshTimeoutMs' | 'accountTimeoutMs'
> {
  /** What the "Refreshing…" recheck adds to a whole refresh (a call, then the list). */
  refreshingSlackMs: number
  /** What the tap page's wait adds to a whole refresh (less than the recheck's slack). */
  tapRefreshSlackMs: number
  /** What an account call's wait adds to the change and the list after it. */
  accountSlackMs: number
}

/** A whole table from its base values: the waits that span calls are the calls' deadlines summed. */
export function timingFrom(base: Readonly<TimingBase>): Timing {
  const { refreshingSlackMs, tapRefreshSlackMs, accountSlackMs, ...deadlines } = base
  // A refresh, a tap's refresh and an account change are each a provider call, then the list.
  const callThenList = base.providerTimeoutMs + base.cardsTimeoutMs
  return {
    ...deadlines,
    refreshingRecheckMs: callThenList + refreshingSlackMs,
    tapRefreshTimeoutMs: callThenList + tapRefreshSlackMs,
    accountTimeoutMs: callThenList + accountSlackMs,
  }
}

/** Production's base values (`tests/build.test.ts` finds them, and only them, in a production build). */
export const PRODUCTION_BASE: Readonly<TimingBase> = {
  providerTimeoutMs: 8_000,
  cardsTimeoutMs: 8_000,
  refreshingSlackMs: 5_000,
  tapRefreshSlackMs: 4_000,
  accountSlackMs: 4_000,
  answerTimeoutMs: 10_000,
  signInTimeoutMs: 12_000,
  wakeSlackMs: 1_000,
  wakeRetryMs: 20_000,
  backoffBaseMs: 2_000,
  backoffJitterMs: 175,
  reauthIntervalMs: 600_000,
  reauthMinGapMs: 60_000,
  cadenceSlackMs: 60_000,
}

/** The values every production build uses. */
export const PRODUCTION_TIMING: Readonly<Timing> = /* @__PURE__ */ timingFrom(PRODUCTION_BASE)

/**
 * The browser-test build's base values: the deadlines the tests wait out, a few times shorter, yet
 * long enough for a busy two-core machine to answer a healthy call well within them (a slower
 * machine's build stretches them: `testTimingFor`). The schedule's minutes stay as in production:
 * tests count re-authentications and move the stored times rather than wait, and a 10-minute
 * cadence shortened to seconds would add calls to every count.
 */
export const TEST_BASE: Readonly<TimingBase> = {
  providerTimeoutMs: 3_000,
  cardsTimeoutMs: 3_000,
  refreshingSlackMs: 2_000,
  tapRefreshSlackMs: 1_500,
  accountSlackMs: 2_000,
  answerTimeoutMs: 5_000,
  signInTimeoutMs: 4_000,
  wakeSlackMs: 200,
  wakeRetryMs: 3_000,
  backoffBaseMs: 500,
  backoffJitterMs: 40,
  reauthIntervalMs: PRODUCTION_BASE.reauthIntervalMs,
  reauthMinGapMs: PRODUCTION_BASE.reauthMinGapMs,
  cadenceSlackMs: PRODUCTION_BASE.cadenceSlackMs,
}

/** The browser-test build's values on the machine their base was set on (speed factor 1). */
export const TEST_TIMING: Readonly<Timing> = /* @__PURE__ */ timingFrom(TEST_BASE)

/** The schedule's minutes, which no machine's speed changes (see `TEST_BASE`). */
const SCHEDULE: readonly (keyof TimingBase)[] = [
  'reauthIntervalMs',
  'reauthMinGapMs',
  'cadenceSlackMs',
]

/**
 * The browser-test build's values on a machine `speedFactor` times slower than the one `TEST_BASE`
 * was set on (the test run measures it once, decision 037): every deadline and interval but the
 * schedule's minutes stretched by it, so a healthy call beats its deadline there as it does here.
 */
export function testTimingFor(speedFactor: number): Timing {
  const factor = Number.isFinite(speedFactor) && speedFactor > 1 ? speedFactor : 1
  const stretched: TimingBase = { ...TEST_BASE }
  for (const key of Object.keys(stretched) as (keyof TimingBase)[]) {
    if (!SCHEDULE.includes(key)) stretched[key] = Math.round(TEST_BASE[key] * factor)
  }
  return timingFrom(stretched)
}
