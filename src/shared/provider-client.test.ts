/** Errors from the provider SDK's storage listener are ignored and logged; all others pass. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { config } from '../config/env.ts'
import { IGNORED_LISTENER_ERROR, ignoreListenerErrors } from './provider-client.ts'

describe('ignoreListenerErrors', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })

  it('ignores and logs an error thrown by the listener the SDK registers', () => {
    const warn = vi.fn()
    const heard = vi.fn()
    const failure = new SyntaxError('Unexpected token o in JSON')
    const sdkListener = () => {
      throw failure
    }
    ignoreListenerErrors(window, () => window.addEventListener('storage', sdkListener), warn)
    window.addEventListener('error', heard)
    window.dispatchEvent(new StorageEvent('storage', { key: 'k', newValue: 'oops' }))
    expect(warn).toHaveBeenCalledWith(IGNORED_LISTENER_ERROR, failure)
    expect(heard).not.toHaveBeenCalled()
    window.removeEventListener('error', heard)
    window.removeEventListener('storage', sdkListener)
  })

  it('lets errors of other storage listeners, before and after, through', () => {
    const warn = vi.fn()
    const heard = vi.fn((event: ErrorEvent) => event.preventDefault())
    const before = new Error('before')
    const after = new Error('after')
    const throwBefore = () => {
      throw before
    }
    const throwAfter = () => {
      throw after
    }
    window.addEventListener('storage', throwBefore)
    ignoreListenerErrors(window, () => undefined, warn)
    window.addEventListener('storage', throwAfter)
    window.addEventListener('error', heard)
    window.dispatchEvent(new StorageEvent('storage', { key: 'k' }))
    expect(heard.mock.calls.map(([event]) => event.error)).toEqual([before, after])
    expect(warn).not.toHaveBeenCalled()
    window.removeEventListener('storage', throwBefore)
    window.removeEventListener('storage', throwAfter)
    window.removeEventListener('error', heard)
  })

  it('lets errors outside a storage event through', () => {
    const warn = vi.fn()
    const heard = vi.fn((event: ErrorEvent) => event.preventDefault())
    ignoreListenerErrors(window, () => undefined, warn)
    window.addEventListener('error', heard)
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('elsewhere') }))
    expect(heard).toHaveBeenCalledOnce()
    expect(warn).not.toHaveBeenCalled()
    window.removeEventListener('error', heard)
  })

  it('returns what create returns, and rethrows what it throws', () => {
    const target = new EventTarget() as unknown as Window
    expect(ignoreListenerErrors(target, () => 42)).toBe(42)
    expect(() =>
      ignoreListenerErrors(target, () => {
        throw new Error('no client')
      }),
    ).toThrow('no client')
  })

  it('recognises the real SDK’s listener (bad state written by another tab)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const heard = vi.fn()
    // The SDK fetches its bootstrap data at once; no server is needed here.
    vi.stubGlobal('fetch', () => new Promise(() => {}))
    const { createStytchClient } = await import('@stytch/vanilla-js/headless')
    ignoreListenerErrors(window, () =>
      createStytchClient(config.stytchPublicToken, {
        endpoints: { testAPIURL: config.stytchApiUrl, liveAPIURL: config.stytchApiUrl },
      } as never),
    )
    window.addEventListener('error', heard)
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: `stytch_sdk_state_${config.stytchPublicToken}`,
        newValue: '{not json',
      }),
    )
    expect(warn).toHaveBeenCalledWith(IGNORED_LISTENER_ERROR, expect.any(SyntaxError))
    expect(heard).not.toHaveBeenCalled()
    window.removeEventListener('error', heard)
  })
})
