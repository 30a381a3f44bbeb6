/** Unit tests for the per-address send limits: fixed windows, kinds apart, 0 for no limit. */
import { describe, expect, it } from 'vitest'
import { SendLimiter, type SendLimits } from './send-limits.ts'

const HOUR = 3_600_000
const TOP = 1_700_000_000_000 - (1_700_000_000_000 % HOUR)

function limiter(limits: SendLimits) {
  const current = { ...limits }
  return { current, limiter: new SendLimiter(() => current) }
}

const refused = { status: 429, errorType: 'too_many_requests' }

describe('SendLimiter', () => {
  it('allows one send per address per clock second, counting codes and links apart', () => {
    const { limiter: limits } = limiter({ perSecond: 1, perHour: 0 })
    limits.take('otp', 'a@example.com', TOP + 10)
    expect(() => limits.take('otp', 'a@example.com', TOP + 999)).toThrow(
      expect.objectContaining(refused),
    )
    limits.take('magic_link', 'a@example.com', TOP + 999)
    limits.take('otp', 'b@example.com', TOP + 999)
    // Windows are fixed, not rolling: the next second starts afresh.
    limits.take('otp', 'a@example.com', TOP + 1000)
  })

  it('caps sends per clock hour, from the top of the hour', () => {
    const { limiter: limits } = limiter({ perSecond: 0, perHour: 2 })
    limits.take('magic_link', 'a@example.com', TOP + 1)
    limits.take('magic_link', 'a@example.com', TOP + 2)
    expect(() => limits.take('magic_link', 'a@example.com', TOP + HOUR - 1)).toThrow(
      expect.objectContaining(refused),
    )
    limits.take('magic_link', 'a@example.com', TOP + HOUR)
  })

  it('does not count refused sends, reads changed limits at once, and forgets on reset', () => {
    const { current, limiter: limits } = limiter({ perSecond: 1, perHour: 2 })
    limits.take('otp', 'a@example.com', TOP)
    expect(() => limits.take('otp', 'a@example.com', TOP)).toThrow()
    limits.take('otp', 'a@example.com', TOP + 1000)
    expect(() => limits.take('otp', 'a@example.com', TOP + 2000)).toThrow()
    current.perHour = 0
    limits.take('otp', 'a@example.com', TOP + 2000)
    current.perHour = 1
    expect(() => limits.take('otp', 'a@example.com', TOP + 3000)).toThrow()
    limits.reset()
    limits.take('otp', 'a@example.com', TOP + 3000)
  })
})
