/** The way back after a sign-in link: kept on the device, for one address, for the link's lifetime. */
import { afterEach, describe, expect, it } from 'vitest'
import {
  forgetExpiredReturnTarget,
  forgetReturnTarget,
  keepOAuthReturnTarget,
  keepReturnTarget,
  RETURN_TARGET_KEY,
  takeOAuthReturnTarget,
  takeReturnTarget,
} from './return-target.ts'

const TAP = '/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'
const NOW = 1_800_000_000_000
const LINK_MS = 10 * 60_000
const HOLDER = 'holder@example.com'

afterEach(() => localStorage.clear())

describe('keeping and taking the way back', () => {
  it('returns to the kept tap for the same address, once', () => {
    keepReturnTarget(TAP, HOLDER, NOW + LINK_MS, NOW)
    expect(localStorage.getItem(RETURN_TARGET_KEY)).toContain('/tap?uid=')
    expect(takeReturnTarget([HOLDER], NOW + 60_000)).toBe(TAP)
    expect(localStorage.getItem(RETURN_TARGET_KEY)).toBeNull()
    expect(takeReturnTarget([HOLDER], NOW + 60_000)).toBeUndefined()
  })

  it('keeps plain paths too: the link itself never carries one', () => {
    keepReturnTarget('/account', HOLDER, NOW + LINK_MS, NOW)
    expect(takeReturnTarget([HOLDER], NOW)).toBe('/account')
  })

  it('matches the address whatever its case, among all of the holder’s addresses', () => {
    keepReturnTarget(TAP, 'Holder@Example.com', NOW + LINK_MS, NOW)
    expect(takeReturnTarget(['other@example.com', HOLDER], NOW)).toBe(TAP)
  })

  it('never gives another holder’s way back, and forgets it', () => {
    keepReturnTarget(TAP, HOLDER, NOW + LINK_MS, NOW)
    expect(takeReturnTarget(['someone-else@example.com'], NOW)).toBeUndefined()
    expect(localStorage.getItem(RETURN_TARGET_KEY)).toBeNull()
  })

  it('drops a target once its link has expired, or one saved in the future', () => {
    keepReturnTarget(TAP, HOLDER, NOW + LINK_MS, NOW)
    expect(takeReturnTarget([HOLDER], NOW + LINK_MS + 1)).toBeUndefined()
    keepReturnTarget(TAP, HOLDER, NOW + LINK_MS, NOW)
    expect(takeReturnTarget([HOLDER], NOW - 1)).toBeUndefined()
  })

  it('asking for a link without a target forgets an older one', () => {
    keepReturnTarget(TAP, HOLDER, NOW + LINK_MS, NOW)
    keepReturnTarget(undefined, HOLDER, NOW + LINK_MS, NOW)
    expect(localStorage.getItem(RETURN_TARGET_KEY)).toBeNull()
  })

  it('keeps only same-origin paths', () => {
    keepReturnTarget('https://evil.example/', HOLDER, NOW + LINK_MS, NOW)
    expect(localStorage.getItem(RETURN_TARGET_KEY)).toBeNull()
  })

  it('ignores a kept value that is malformed or not a same-origin path', () => {
    const kept = (path: unknown) =>
      JSON.stringify({ path, email: HOLDER, savedAt: NOW, expiresAt: NOW + LINK_MS })
    for (const value of [kept('https://evil.example/'), kept('//evil.example'), 'nonsense', '7']) {
      localStorage.setItem(RETURN_TARGET_KEY, value)
      expect(takeReturnTarget([HOLDER], NOW)).toBeUndefined()
    }
  })

  it('forgets on demand (sign-out)', () => {
    keepReturnTarget(TAP, HOLDER, NOW + LINK_MS, NOW)
    forgetReturnTarget()
    expect(takeReturnTarget([HOLDER], NOW)).toBeUndefined()
  })
})

describe('housekeeping as the app opens', () => {
  it('forgets a way back that has expired, or cannot be read, and keeps one still in time', () => {
    keepReturnTarget(TAP, HOLDER, NOW + LINK_MS, NOW)
    forgetExpiredReturnTarget(NOW + LINK_MS)
    expect(localStorage.getItem(RETURN_TARGET_KEY)).not.toBeNull()
    forgetExpiredReturnTarget(NOW + LINK_MS + 1)
    expect(localStorage.getItem(RETURN_TARGET_KEY)).toBeNull()

    keepOAuthReturnTarget(TAP, NOW + LINK_MS, NOW)
    forgetExpiredReturnTarget(NOW - 1)
    expect(localStorage.getItem(RETURN_TARGET_KEY)).toBeNull()

    localStorage.setItem(RETURN_TARGET_KEY, '{"path":"https://elsewhere.example/"}')
    forgetExpiredReturnTarget(NOW)
    expect(localStorage.getItem(RETURN_TARGET_KEY)).toBeNull()
  })
})

describe('the way back across a Google or Apple round trip', () => {
  const TRIP_MS = 15 * 60_000

  it('returns to the kept tap on the OAuth landing, once', () => {
    keepOAuthReturnTarget(TAP, NOW + TRIP_MS, NOW)
    expect(takeOAuthReturnTarget(NOW + 60_000)).toBe(TAP)
    expect(localStorage.getItem(RETURN_TARGET_KEY)).toBeNull()
    expect(takeOAuthReturnTarget(NOW + 60_000)).toBeUndefined()
  })

  it('never crosses over: a link’s target is not an OAuth one, nor the other way round', () => {
    keepReturnTarget(TAP, HOLDER, NOW + LINK_MS, NOW)
    expect(takeOAuthReturnTarget(NOW)).toBeUndefined()
    keepOAuthReturnTarget(TAP, NOW + TRIP_MS, NOW)
    expect(takeReturnTarget([HOLDER, ''], NOW)).toBeUndefined()
  })

  it('drops an expired round trip, forgets on a start without target, keeps same-origin paths only', () => {
    keepOAuthReturnTarget(TAP, NOW + TRIP_MS, NOW)
    expect(takeOAuthReturnTarget(NOW + TRIP_MS + 1)).toBeUndefined()
    keepOAuthReturnTarget(TAP, NOW + TRIP_MS, NOW)
    keepOAuthReturnTarget(undefined, NOW + TRIP_MS, NOW)
    expect(localStorage.getItem(RETURN_TARGET_KEY)).toBeNull()
    keepOAuthReturnTarget('//evil.example', NOW + TRIP_MS, NOW)
    expect(localStorage.getItem(RETURN_TARGET_KEY)).toBeNull()
  })
})
