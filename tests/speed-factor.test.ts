/** The run's speed factor: what a slower or smaller machine makes of it, and what may override it. */
import { describe, expect, it } from 'vitest'
import {
  MAX_SPEED_FACTOR,
  REFERENCE_CORES,
  REFERENCE_WORKLOAD_MS,
  speedFactor,
  speedFactorOf,
  speedFactorOverride,
} from './support/speed-factor.ts'

describe('speedFactorOf', () => {
  it('is 1 on the reference machine, and on a faster one or one with more cores', () => {
    expect(speedFactorOf(REFERENCE_WORKLOAD_MS, REFERENCE_CORES)).toBe(1)
    expect(speedFactorOf(REFERENCE_WORKLOAD_MS / 2, REFERENCE_CORES * 4)).toBe(1)
  })

  it('grows with slower cores and with fewer of them, the two multiplied', () => {
    expect(speedFactorOf(REFERENCE_WORKLOAD_MS * 2.5, REFERENCE_CORES)).toBe(2.5)
    expect(speedFactorOf(REFERENCE_WORKLOAD_MS, 1)).toBe(REFERENCE_CORES)
    expect(speedFactorOf(REFERENCE_WORKLOAD_MS * 1.5, 1)).toBe(1.5 * REFERENCE_CORES)
  })

  it('stops at its largest, also for a measurement that is no number', () => {
    expect(speedFactorOf(REFERENCE_WORKLOAD_MS * 50, 1)).toBe(MAX_SPEED_FACTOR)
    expect(speedFactorOf(Number.NaN, REFERENCE_CORES)).toBe(MAX_SPEED_FACTOR)
  })
})

describe('speedFactorOverride', () => {
  it('is undefined when TEST_SPEED_FACTOR is unset or empty, and its number when given', () => {
    expect(speedFactorOverride(undefined)).toBeUndefined()
    expect(speedFactorOverride(' ')).toBeUndefined()
    expect(speedFactorOverride('2.5')).toBe(2.5)
  })

  it('refuses a value that is no number, below 1 or above the largest, saying what it wants', () => {
    for (const raw of ['fast', '0.5', String(MAX_SPEED_FACTOR + 1)]) {
      expect(() => speedFactorOverride(raw), raw).toThrow(/TEST_SPEED_FACTOR must be a number/)
    }
  })
})

describe('speedFactor', () => {
  it('takes TEST_SPEED_FACTOR as given, without measuring', () => {
    expect(speedFactor({ TEST_SPEED_FACTOR: '3' })).toEqual({
      factor: 3,
      source: 'TEST_SPEED_FACTOR',
    })
  })

  it('measures when it is unset: a factor from 1 to the largest, saying what it measured', () => {
    const { factor, source } = speedFactor({})
    expect(factor).toBeGreaterThanOrEqual(1)
    expect(factor).toBeLessThanOrEqual(MAX_SPEED_FACTOR)
    expect(source).toMatch(
      /^measured: a workload of \d+ ms \(75 ms on the reference machine\), \d+ cores?/,
    )
  })
})
