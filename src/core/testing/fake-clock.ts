/** A clock tests and scripts move by hand. */
import type { Clock } from '../ports.ts'

/** A Clock whose time only changes when told to. */
export interface FakeClock extends Clock {
  set(ms: number): void
  advance(ms: number): void
}

/** Creates a fake clock starting at `start` (epoch ms). */
export function createFakeClock(start = Date.UTC(2025, 0, 1)): FakeClock {
  let time = start
  return {
    now: () => time,
    set: (ms) => {
      time = ms
    },
    advance: (ms) => {
      time += ms
    },
  }
}
