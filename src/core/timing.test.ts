/** The two sets of deadlines and intervals: production's exactly as they were, the test set in step with them. */
import { describe, expect, it } from 'vitest'
import {
  PRODUCTION_BASE,
  PRODUCTION_TIMING,
  TEST_BASE,
  TEST_TIMING,
  testTimingFor,
  timingFrom,
  type Timing,
} from './timing.ts'

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

describe('timingFrom', () => {
  it('writes each wait that spans calls as the calls’ deadlines and its slack', () => {
    const timing = timingFrom({ ...TEST_BASE, providerTimeoutMs: 1_000, cardsTimeoutMs: 2_000 })
    expect(timing.refreshingRecheckMs).toBe(1_000 + 2_000 + TEST_BASE.refreshingSlackMs)
    expect(timing.tapRefreshTimeoutMs).toBe(1_000 + 2_000 + TEST_BASE.tapRefreshSlackMs)
    expect(timing.accountTimeoutMs).toBe(1_000 + 2_000 + TEST_BASE.accountSlackMs)
  })

  it('keeps every other value as given, and no slack field', () => {
    const timing = timingFrom(PRODUCTION_BASE)
    expect(Object.keys(timing).sort()).toEqual(Object.keys(PRODUCTION_TIMING).sort())
    expect(timing.wakeRetryMs).toBe(PRODUCTION_BASE.wakeRetryMs)
  })
})

describe('testTimingFor', () => {
  it('is the test set itself at factor 1, and for a factor that is no number or below 1', () => {
    for (const factor of [1, 0.5, 0, -2, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(testTimingFor(factor), String(factor)).toEqual(TEST_TIMING)
    }
  })

  it('stretches every deadline and interval by the factor, the schedule’s minutes not', () => {
    const stretched = testTimingFor(2.5)
    for (const key of Object.keys(TEST_TIMING) as (keyof Timing)[]) {
      const schedule = ['reauthIntervalMs', 'reauthMinGapMs', 'cadenceSlackMs'].includes(key)
      expect(stretched[key], key).toBe(
        schedule ? TEST_TIMING[key] : Math.round(TEST_TIMING[key] * 2.5),
      )
    }
  })
})

describe.each([
  ['production', PRODUCTION_TIMING],
  ['test', TEST_TIMING],
  ['test, 4 times slower', testTimingFor(4)],
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
