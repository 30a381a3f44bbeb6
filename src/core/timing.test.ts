/** The two sets of deadlines and intervals: production's exactly as they were, the test set in step with them. */
import { describe, expect, it } from 'vitest'
import { PRODUCTION_TIMING, TEST_TIMING, type Timing } from './timing.ts'

describe('PRODUCTION_TIMING', () => {
  it('holds the values production has always run by', () => {
    expect(PRODUCTION_TIMING).toEqual({
      providerTimeoutMs: 8_000,
      cardsTimeoutMs: 8_000,
      refreshingRecheckMs: 21_000,
      tapRefreshTimeoutMs: 20_000,
      answerTimeoutMs: 10_000,
      accountTimeoutMs: 20_000,
      signInTimeoutMs: 12_000,
      wakeSlackMs: 1_000,
      wakeRetryMs: 20_000,
      backoffBaseMs: 2_000,
      backoffJitterMs: 175,
      reauthIntervalMs: 600_000,
      reauthMinGapMs: 60_000,
      cadenceSlackMs: 60_000,
    })
  })
})

describe.each([
  ['production', PRODUCTION_TIMING],
  ['test', TEST_TIMING],
])('the %s set', (_name, timing: Readonly<Timing>) => {
  const refresh = timing.providerTimeoutMs + timing.cardsTimeoutMs

  it('lets a whole refresh end before a tab or the tap page stops waiting for it', () => {
    expect(timing.tapRefreshTimeoutMs).toBeGreaterThan(refresh)
    expect(timing.refreshingRecheckMs).toBeGreaterThan(timing.tapRefreshTimeoutMs)
  })

  it('lets the worker’s own calls end before the page stops waiting for its answer', () => {
    expect(timing.answerTimeoutMs).toBeGreaterThan(timing.providerTimeoutMs)
    expect(timing.accountTimeoutMs).toBeGreaterThan(2 * timing.providerTimeoutMs)
  })

  it('wakes a host late enough to find it due, and well inside the cadence slack', () => {
    expect(timing.wakeSlackMs).toBeGreaterThan(0)
    expect(timing.wakeSlackMs + timing.wakeRetryMs).toBeLessThan(timing.cadenceSlackMs)
  })

  it('keeps the jitter well inside the first backoff', () => {
    expect(timing.backoffJitterMs).toBeLessThan(timing.backoffBaseMs / 4)
  })
})

describe('TEST_TIMING', () => {
  it('is never longer than production, and shorter for every deadline a test waits out', () => {
    for (const key of Object.keys(PRODUCTION_TIMING) as (keyof Timing)[]) {
      expect(TEST_TIMING[key], key).toBeLessThanOrEqual(PRODUCTION_TIMING[key])
    }
    const waitedOut: (keyof Timing)[] = [
      'providerTimeoutMs',
      'cardsTimeoutMs',
      'refreshingRecheckMs',
      'tapRefreshTimeoutMs',
      'signInTimeoutMs',
      'wakeSlackMs',
      'wakeRetryMs',
      'backoffBaseMs',
    ]
    for (const key of waitedOut) {
      expect(TEST_TIMING[key], key).toBeLessThan(PRODUCTION_TIMING[key])
    }
  })

  it('keeps the schedule’s minutes, so tests that count re-authentications count the same', () => {
    expect(TEST_TIMING.reauthIntervalMs).toBe(PRODUCTION_TIMING.reauthIntervalMs)
    expect(TEST_TIMING.reauthMinGapMs).toBe(PRODUCTION_TIMING.reauthMinGapMs)
    expect(TEST_TIMING.cadenceSlackMs).toBe(PRODUCTION_TIMING.cadenceSlackMs)
  })
})
