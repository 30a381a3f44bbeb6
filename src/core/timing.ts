/**
 * Every deadline and interval the app and the worker run by, in two sets: production's, and the
 * short ones of the browser-test build, so no test waits for a production timeout. Which set a
 * build uses is fixed at build time (`src/config/timing.ts`, decision 027).
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

/** The values every production build uses. */
export const PRODUCTION_TIMING: Readonly<Timing> = {
  providerTimeoutMs: 8_000,
  cardsTimeoutMs: 8_000,
  refreshingRecheckMs: 8_000 + 8_000 + 5_000,
  tapRefreshTimeoutMs: 8_000 + 8_000 + 4_000,
  answerTimeoutMs: 10_000,
  accountTimeoutMs: 2 * 8_000 + 4_000,
  signInTimeoutMs: 12_000,
  wakeSlackMs: 1_000,
  wakeRetryMs: 20_000,
  backoffBaseMs: 2_000,
  backoffJitterMs: 175,
  reauthIntervalMs: 600_000,
  reauthMinGapMs: 60_000,
  cadenceSlackMs: 60_000,
}

/**
 * The browser-test build's values: the deadlines the tests wait out, a few times shorter, yet
 * long enough for a busy two-core machine to answer a healthy call well within them. The
 * schedule's minutes stay as in production: tests count re-authentications and move the stored
 * times rather than wait, and a 10-minute cadence shortened to seconds would add calls to every
 * count.
 */
export const TEST_TIMING: Readonly<Timing> = {
  providerTimeoutMs: 3_000,
  cardsTimeoutMs: 3_000,
  refreshingRecheckMs: 3_000 + 3_000 + 2_000,
  tapRefreshTimeoutMs: 3_000 + 3_000 + 1_500,
  answerTimeoutMs: 5_000,
  accountTimeoutMs: 2 * 3_000 + 2_000,
  signInTimeoutMs: 4_000,
  wakeSlackMs: 200,
  wakeRetryMs: 3_000,
  backoffBaseMs: 500,
  backoffJitterMs: 40,
  reauthIntervalMs: PRODUCTION_TIMING.reauthIntervalMs,
  reauthMinGapMs: PRODUCTION_TIMING.reauthMinGapMs,
  cadenceSlackMs: PRODUCTION_TIMING.cadenceSlackMs,
}
