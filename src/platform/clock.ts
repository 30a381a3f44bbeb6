/** The real clock and randomness for the engine. */
import type { Clock, Random } from '../core/ports'

/** Wall-clock time in epoch milliseconds. */
export const systemClock: Clock = { now: () => Date.now() }

/** Math.random, for backoff jitter. */
export const systemRandom: Random = () => Math.random()
