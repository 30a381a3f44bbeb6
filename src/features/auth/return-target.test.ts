/** A target with a query stays on the device; the emailed link never carries it. */
import { afterEach, describe, expect, it } from 'vitest'
import {
  keepReturnTarget,
  linkRedirect,
  RETURN_TARGET_KEY,
  takeReturnTarget,
} from './return-target.ts'

const TAP = '/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'
const NOW = 1_800_000_000_000

afterEach(() => localStorage.clear())

describe('linkRedirect', () => {
  it('lets a plain path into the link and keeps queries and hashes out', () => {
    expect(linkRedirect('/account')).toBe('/account')
    expect(linkRedirect('/events/abc')).toBe('/events/abc')
    expect(linkRedirect(TAP)).toBeUndefined()
    expect(linkRedirect('/account#wallet')).toBeUndefined()
    expect(linkRedirect(undefined)).toBeUndefined()
  })
})

describe('keeping and taking the target', () => {
  it('returns to the kept tap when the link carried no redirect, once', () => {
    keepReturnTarget(TAP, NOW)
    expect(localStorage.getItem(RETURN_TARGET_KEY)).toContain('/tap?uid=')
    expect(takeReturnTarget('/', false, NOW + 60_000)).toBe(TAP)
    expect(localStorage.getItem(RETURN_TARGET_KEY)).toBeNull()
    expect(takeReturnTarget('/', false, NOW + 60_000)).toBe('/')
  })

  it('keeps nothing for a target the link can carry', () => {
    keepReturnTarget('/account', NOW)
    keepReturnTarget(undefined, NOW)
    expect(localStorage.getItem(RETURN_TARGET_KEY)).toBeNull()
  })

  it('prefers the redirect the link carried, and forgets the kept one', () => {
    keepReturnTarget(TAP, NOW)
    expect(takeReturnTarget('/account', true, NOW)).toBe('/account')
    expect(localStorage.getItem(RETURN_TARGET_KEY)).toBeNull()
  })

  it('drops a kept target older than the link (10 minutes) or from the future', () => {
    keepReturnTarget(TAP, NOW)
    expect(takeReturnTarget('/', false, NOW + 10 * 60_000 + 1)).toBe('/')
    keepReturnTarget(TAP, NOW)
    expect(takeReturnTarget('/', false, NOW - 1)).toBe('/')
  })

  it('ignores a kept value that is not a same-origin path', () => {
    for (const value of [
      '{"path":"https://evil.example/","savedAt":1800000000000}',
      'nonsense',
      '7',
    ]) {
      localStorage.setItem(RETURN_TARGET_KEY, value)
      expect(takeReturnTarget('/', false, NOW)).toBe('/')
    }
  })
})
