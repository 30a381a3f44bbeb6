import { describe, expect, it } from 'vitest'
import { CARRIED_KEY, createSessionCarrier } from './report-carrier.ts'

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEifQ.c2lnbmF0dXJl'
const report = (message: string) => ({ name: 'Error', message, context: { step: 'sign-in' } })

describe('session report carrier', () => {
  it('stores nothing before its scrubber has loaded: never a report as it is', () => {
    const carrier = createSessionCarrier(
      () => sessionStorage,
      () => [],
    )
    carrier.save([report(`failed for ${JWT}`)])
    expect(sessionStorage.getItem(CARRIED_KEY)).toBeNull()
  })

  it('once prepared, stores reports scrubbed of the known values, and hands them over once', async () => {
    const carrier = createSessionCarrier(
      () => sessionStorage,
      () => ['holder@example.com'],
    )
    await carrier.prepare()
    carrier.save([report(`no account for holder@example.com with ${JWT}`)])
    const stored = sessionStorage.getItem(CARRIED_KEY) ?? ''
    expect(stored).not.toContain('holder@example.com')
    expect(stored).not.toContain(JWT)
    const [taken] = carrier.take()
    expect(taken?.context).toEqual({ step: 'sign-in' })
    expect(taken?.message).toMatch(/^no account for /)
    expect(carrier.take()).toEqual([])
  })

  it('reads only well-formed reports, and nothing from garbage or a missing storage', () => {
    sessionStorage.setItem(CARRIED_KEY, JSON.stringify([report('kept'), { name: 1 }, null]))
    expect(
      createSessionCarrier(
        () => sessionStorage,
        () => [],
      ).take(),
    ).toEqual([report('kept')])
    sessionStorage.setItem(CARRIED_KEY, '{not json')
    expect(
      createSessionCarrier(
        () => sessionStorage,
        () => [],
      ).take(),
    ).toEqual([])
    expect(
      createSessionCarrier(
        () => null,
        () => [],
      ).take(),
    ).toEqual([])
  })

  it('loses the reports, not the page, when storage is full', async () => {
    const full = {
      getItem: () => null,
      removeItem: () => {},
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
    }
    const carrier = createSessionCarrier(
      () => full,
      () => [],
    )
    await carrier.prepare()
    expect(() => carrier.save([report('x')])).not.toThrow()
  })
})
