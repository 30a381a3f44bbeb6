/** The wakes asked of the browser: Background Sync for pending taps, a periodic refresh while signed in. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  PERIODIC_REFRESH_MIN_INTERVAL_MS,
  PERIODIC_SYNC_TAG,
  TAP_SYNC_TAG,
} from '../core/constants.ts'
import { keepPeriodicRefresh, requestTapSync } from './background-sync.ts'

/** A worker registration with the sync APIs this browser has (Chromium: both), spied on. */
function fakeRegistration({ sync = true, periodicSync = true, tags = [] as string[] } = {}) {
  return {
    sync: sync ? { register: vi.fn((_tag: string) => Promise.resolve()) } : undefined,
    periodicSync: periodicSync
      ? {
          register: vi.fn((_tag: string, _options: { minInterval: number }) => Promise.resolve()),
          unregister: vi.fn((_tag: string) => Promise.resolve()),
          getTags: vi.fn(() => Promise.resolve(tags)),
        }
      : undefined,
  }
}

type FakeRegistration = ReturnType<typeof fakeRegistration>

/** Gives `navigator` a service worker container (jsdom has none), controlled or not. */
function installWorker(registration: FakeRegistration, { controlled = true } = {}) {
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { controller: controlled ? {} : null, ready: Promise.resolve(registration) },
  })
}

/** Gives `navigator` a Permissions API (jsdom has none) answering `state` for every query. */
function installPermissions(state: PermissionState) {
  const query = vi.fn((_descriptor: { name: string }) => Promise.resolve({ state }))
  Object.defineProperty(navigator, 'permissions', { configurable: true, value: { query } })
  return query
}

beforeEach(() => {
  installPermissions('granted')
})

afterEach(() => {
  // Own properties over jsdom's navigator: removing them restores "no such API".
  Reflect.deleteProperty(navigator, 'serviceWorker')
  Reflect.deleteProperty(navigator, 'permissions')
})

describe('requestTapSync', () => {
  it('registers the tap sync tag with the active worker', async () => {
    const registration = fakeRegistration()
    installWorker(registration)
    expect(await requestTapSync()).toBe(true)
    expect(registration.sync?.register).toHaveBeenCalledExactlyOnceWith(TAP_SYNC_TAG)
  })

  it('does nothing without a controlling worker', async () => {
    const registration = fakeRegistration()
    installWorker(registration, { controlled: false })
    expect(await requestTapSync()).toBe(false)
    expect(registration.sync?.register).not.toHaveBeenCalled()
  })

  it('does nothing where the browser has no service worker at all', async () => {
    expect('serviceWorker' in navigator).toBe(false)
    expect(await requestTapSync()).toBe(false)
  })

  it('does nothing where the browser has no Background Sync', async () => {
    const registration = fakeRegistration({ sync: false })
    installWorker(registration)
    expect(await requestTapSync()).toBe(false)
  })

  it('answers false when the browser refuses the registration', async () => {
    const registration = fakeRegistration()
    registration.sync?.register.mockRejectedValueOnce(new DOMException('no', 'NotAllowedError'))
    installWorker(registration)
    expect(await requestTapSync()).toBe(false)
    expect(registration.sync?.register).toHaveBeenCalledOnce()
  })
})

describe('keepPeriodicRefresh', () => {
  it('registers the periodic refresh for a signed-in holder where it is granted', async () => {
    const query = installPermissions('granted')
    const registration = fakeRegistration()
    installWorker(registration)
    await keepPeriodicRefresh(true)
    expect(query).toHaveBeenCalledExactlyOnceWith({ name: 'periodic-background-sync' })
    expect(registration.periodicSync?.register).toHaveBeenCalledExactlyOnceWith(PERIODIC_SYNC_TAG, {
      minInterval: PERIODIC_REFRESH_MIN_INTERVAL_MS,
    })
  })

  it.each(['prompt', 'denied'] as const)(
    'registers nothing when permission is %s',
    async (state) => {
      installPermissions(state)
      const registration = fakeRegistration()
      installWorker(registration)
      await keepPeriodicRefresh(true)
      expect(registration.periodicSync?.register).not.toHaveBeenCalled()
    },
  )

  it('does nothing where the browser has no periodic sync', async () => {
    const query = installPermissions('granted')
    installWorker(fakeRegistration({ periodicSync: false }))
    await expect(keepPeriodicRefresh(true)).resolves.toBeUndefined()
    expect(query).not.toHaveBeenCalled()
  })

  it('does nothing without a controlling worker', async () => {
    const registration = fakeRegistration({ tags: [PERIODIC_SYNC_TAG] })
    installWorker(registration, { controlled: false })
    await keepPeriodicRefresh(true)
    await keepPeriodicRefresh(false)
    expect(registration.periodicSync?.register).not.toHaveBeenCalled()
    expect(registration.periodicSync?.unregister).not.toHaveBeenCalled()
  })

  it('swallows a refused registration or permission query', async () => {
    const registration = fakeRegistration()
    registration.periodicSync?.register.mockRejectedValueOnce(
      new DOMException('no', 'InvalidStateError'),
    )
    installWorker(registration)
    await expect(keepPeriodicRefresh(true)).resolves.toBeUndefined()
    expect(registration.periodicSync?.register).toHaveBeenCalledOnce()

    // Browsers that do not know the permission's name throw a TypeError.
    installPermissions('granted').mockRejectedValueOnce(new TypeError('unknown permission'))
    await expect(keepPeriodicRefresh(true)).resolves.toBeUndefined()
    expect(registration.periodicSync?.register).toHaveBeenCalledOnce()
  })

  it('unregisters the periodic refresh on sign-out when it is registered', async () => {
    const query = installPermissions('granted')
    const registration = fakeRegistration({ tags: ['other', PERIODIC_SYNC_TAG] })
    installWorker(registration)
    await keepPeriodicRefresh(false)
    expect(registration.periodicSync?.unregister).toHaveBeenCalledExactlyOnceWith(PERIODIC_SYNC_TAG)
    expect(registration.periodicSync?.register).not.toHaveBeenCalled()
    expect(query).not.toHaveBeenCalled()
  })

  it('unregisters nothing on sign-out when none is registered', async () => {
    const registration = fakeRegistration({ tags: ['other'] })
    installWorker(registration)
    await keepPeriodicRefresh(false)
    expect(registration.periodicSync?.getTags).toHaveBeenCalledOnce()
    expect(registration.periodicSync?.unregister).not.toHaveBeenCalled()
    expect(registration.periodicSync?.register).not.toHaveBeenCalled()
  })
})
