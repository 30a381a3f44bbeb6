/**
 * The schedule rules: due-ness, the cadence after a success, and the backoff sequence with its
 * jitter, at production's intervals (the test build's shorter backoff at the end).
 */
import { describe, expect, it } from 'vitest'
import { PRODUCTION_TIMING, TEST_TIMING } from './timing.ts'
import { backoffDelay, dueReason, nextDueAfterSuccess, nextWakeAt, tapsDue } from './schedule.ts'
import type { ScheduleFields } from './session-phase.ts'

const MIN = 60_000
const HOUR = 60 * MIN
const T = 1_000_000_000
/** Production's intervals, which every rule below is stated in. */
const P = PRODUCTION_TIMING

function schedule(overrides: Partial<ScheduleFields> = {}): ScheduleFields {
  return {
    lastAuthAt: T,
    expiresAt: T + 60 * MIN,
    nextDueAt: T + 10 * MIN,
    backoffAttempt: 0,
    ...overrides,
  }
}

describe('dueReason', () => {
  it('is due at nextDueAt and not before', () => {
    expect(dueReason(schedule(), T + 10 * MIN - 1, 'heartbeat', P)).toBeNull()
    expect(dueReason(schedule(), T + 10 * MIN, 'heartbeat', P)).toBe('scheduled')
  })

  it('is due at once when fewer than 40 minutes remain, even before nextDueAt', () => {
    const s = schedule({ expiresAt: T + 45 * MIN, nextDueAt: T + 10 * MIN })
    expect(dueReason(s, T + 5 * MIN - 1, 'heartbeat', P)).toBeNull()
    expect(dueReason(s, T + 5 * MIN + 1, 'heartbeat', P)).toBe('expiring')
  })

  it('makes a page load call only once the last success is a minute old', () => {
    expect(dueReason(schedule(), T + MIN - 1, 'load', P)).toBeNull()
    expect(dueReason(schedule(), T + MIN, 'load', P)).toBe('load')
    expect(dueReason(schedule(), T + MIN, 'heartbeat', P)).toBeNull()
  })

  it('while backing off, only nextDueAt counts (no load, no under-40 rule)', () => {
    const s = schedule({ backoffAttempt: 3, expiresAt: T + 20 * MIN, nextDueAt: T + 30 * MIN })
    expect(dueReason(s, T + 29 * MIN, 'load', P)).toBeNull()
    expect(dueReason(s, T + 30 * MIN, 'heartbeat', P)).toBe('scheduled')
  })

  it('calls when the device clock was set back, once, not on every wake', () => {
    expect(dueReason(schedule(), T - 1, 'heartbeat', P)).toBe('clock-moved-back')
    // After that call failed, the retry is scheduled from the new clock and waits.
    const retry = schedule({ backoffAttempt: 1, nextDueAt: T - HOUR + 2000 })
    expect(dueReason(retry, T - HOUR + 1000, 'heartbeat', P)).toBeNull()
  })
})

describe('nextDueAfterSuccess', () => {
  it('keeps the 10-minute cadence of a scheduled call that ran a little late', () => {
    expect(nextDueAfterSuccess(T + 15_000, T + 15_000 + 60 * MIN, T, P)).toBe(T + 10 * MIN)
  })

  it('restarts the cadence from now after a very late or unscheduled call', () => {
    expect(nextDueAfterSuccess(T + 5 * MIN, T + 65 * MIN, T, P)).toBe(T + 15 * MIN)
    expect(nextDueAfterSuccess(T, T + 60 * MIN, null, P)).toBe(T + 10 * MIN)
  })

  it('brings the call forward when the session is short, but never within a minute', () => {
    expect(nextDueAfterSuccess(T, T + 45 * MIN, null, P)).toBe(T + 5 * MIN)
    expect(nextDueAfterSuccess(T, T + 30 * MIN, null, P)).toBe(T + MIN)
  })
})

describe('backoffDelay', () => {
  it('doubles from 2000 ms and stops at 256000 ms (jitter 0 at random 0.5)', () => {
    const delays = Array.from({ length: 10 }, (_, attempt) => backoffDelay(attempt, () => 0.5, P))
    expect(delays).toEqual([2000, 4000, 8000, 16000, 32000, 64000, 128000, 256000, 256000, 256000])
  })

  it('keeps the jitter within ±175 ms', () => {
    for (const r of [0, 0.0001, 0.25, 0.5, 0.75, 0.9999]) {
      for (let attempt = 0; attempt < 10; attempt++) {
        const base = 2000 * 2 ** Math.min(attempt, 7)
        const delay = backoffDelay(attempt, () => r, P)
        expect(Math.abs(delay - base)).toBeLessThanOrEqual(175)
      }
    }
    expect(backoffDelay(0, () => 0, P)).toBe(1825)
    expect(backoffDelay(0, () => 0.9999999, P)).toBe(2175)
  })

  it('follows the same doubling from the test build’s shorter base', () => {
    const delays = Array.from({ length: 10 }, (_, attempt) =>
      backoffDelay(attempt, () => 0.5, TEST_TIMING),
    )
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 16000, 32000, 64000, 64000, 64000])
    expect(backoffDelay(0, () => 0, TEST_TIMING)).toBe(460)
  })
})

describe('a periodic sync', () => {
  it('counts as a page load: due once the minimum gap has passed', () => {
    expect(dueReason(schedule(), T + MIN - 1, 'periodic', P)).toBeNull()
    expect(dueReason(schedule(), T + MIN, 'periodic', P)).toBe('load')
    expect(dueReason(schedule({ backoffAttempt: 2 }), T + MIN, 'periodic', P)).toBeNull()
  })
})

describe('tapsDue', () => {
  const queue = (count: number, retryAt = T) => ({ taps: Array.from({ length: count }), retryAt })

  it('is never due without taps', () => {
    expect(tapsDue(queue(0), schedule(), T + HOUR, 'sync')).toBe(false)
  })

  it('waits for the retry time on ordinary wakes', () => {
    expect(tapsDue(queue(1, T + 5000), schedule(), T + 4999, 'heartbeat')).toBe(false)
    expect(tapsDue(queue(1, T + 5000), schedule(), T + 5000, 'heartbeat')).toBe(true)
  })

  it('leaves the retry to the session while it backs off', () => {
    expect(tapsDue(queue(1), schedule({ backoffAttempt: 1 }), T + MIN, 'load')).toBe(false)
  })

  it('is due at once on Background Sync, whatever the delays', () => {
    expect(tapsDue(queue(1, T + HOUR), schedule({ backoffAttempt: 3 }), T, 'sync')).toBe(true)
  })
})

describe('nextWakeAt', () => {
  const queue = (count: number, retryAt = T) => ({ taps: Array.from({ length: count }), retryAt })

  it('has nothing to wake for when no one is signed in', () => {
    expect(nextWakeAt(null, queue(2))).toBeNull()
  })

  it('is the next scheduled call without taps', () => {
    expect(nextWakeAt(schedule(), queue(0, T + MIN))).toBe(T + 10 * MIN)
  })

  it("is the taps' retry when it comes first, and every wake it names makes a call due", () => {
    const session = schedule()
    const taps = queue(1, T + 2 * MIN)
    const at = nextWakeAt(session, taps)
    expect(at).toBe(T + 2 * MIN)
    expect(tapsDue(taps, session, at!, 'heartbeat')).toBe(true)
    expect(nextWakeAt(session, queue(1, T + 20 * MIN))).toBe(T + 10 * MIN)
  })

  it("leaves the taps to the session's own retry while it backs off", () => {
    const session = schedule({ backoffAttempt: 2, nextDueAt: T + 8000 })
    const at = nextWakeAt(session, queue(1, T + 1000))
    expect(at).toBe(T + 8000)
    expect(dueReason(session, at!, 'heartbeat', P)).toBe('scheduled')
  })
})
