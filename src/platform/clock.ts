/** The real clock and randomness for the engine. */
import type { Clock, NewId, Random } from '../core/ports.ts'

/** Wall-clock time in epoch milliseconds. */
export const systemClock: Clock = { now: () => Date.now() }

/** Math.random, for backoff jitter. */
export const systemRandom: Random = () => Math.random()

/**
 * A random UUID v4. `crypto.randomUUID` exists only in secure contexts, and the page host may run
 * on plain http (a LAN preview), so it falls back to `getRandomValues`, as the SDK's uuid does.
 */
export const systemNewId: NewId = () => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
