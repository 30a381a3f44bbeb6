/**
 * Per-address limits on sending codes and links, answered like the provider: 429
 * `too_many_requests`. The provider counts in fixed windows ("not rolling, but top of the hour")
 * and limits magic-link sends to one per second per address across its send endpoints
 * (https://stytch.com/docs/resources/platform/rate-limits); codes are counted apart from links.
 */
import { ProviderError } from './errors.ts'

/** What was sent: email codes, links and text-message codes are limited separately. */
export type SendKind = 'otp' | 'magic_link' | 'sms'

/** The limits in force; 0 means no limit for that window. */
export interface SendLimits {
  perSecond: number
  perHour: number
}

const WINDOWS = [
  { name: 'perSecond', ms: 1000 },
  { name: 'perHour', ms: 3_600_000 },
] as const

/** The provider's 429 answer (its SDK docs' example message). */
export function tooManyRequests(): ProviderError {
  return new ProviderError(429, 'too_many_requests', 'Too many requests have been made.')
}

/** Counts sends per address and kind in the current second and hour of the stack's clock. */
export class SendLimiter {
  private windows = new Map<string, { window: number; count: number }>()

  /** Reads the limits at every call, so a run-time change applies at once. */
  constructor(private readonly limits: () => SendLimits) {}

  /** Counts one send of `kind` to `email` (or phone number) at `nowMs`, or throws 429 when a window is full. */
  take(kind: SendKind, email: string, nowMs: number): void {
    const limits = this.limits()
    const slots = WINDOWS.map(({ name, ms }) => {
      const key = `${name} ${kind} ${email}`
      const window = Math.floor(nowMs / ms)
      const held = this.windows.get(key)
      const count = held?.window === window ? held.count : 0
      return { key, window, count, limit: limits[name] }
    })
    if (slots.some((slot) => slot.limit > 0 && slot.count >= slot.limit)) throw tooManyRequests()
    for (const slot of slots) {
      this.windows.set(slot.key, { window: slot.window, count: slot.count + 1 })
    }
  }

  /** Forgets every count (`POST /_dev/reset`). */
  reset(): void {
    this.windows.clear()
  }
}
