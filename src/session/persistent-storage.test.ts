/** Persistent storage: asked once per sign-in, never when signed out, and never a throw. */
import { describe, expect, it, vi } from 'vitest'
import { PROTOCOL_VERSION as v, WORKER_MESSAGE, type WorkerMessage } from '../core/protocol.ts'
import { SIGNIN_MESSAGE } from '../core/testing/messages.ts'
import { createAppStore } from '../store/app-store.ts'
import { persistStorageWhenSignedIn, requestPersistentStorage } from './persistent-storage.ts'

const signout: WorkerMessage = { v, type: WORKER_MESSAGE.signout, reason: 'user' }
const anonymousSnapshot: WorkerMessage = {
  v,
  type: WORKER_MESSAGE.snapshot,
  auth: { signedIn: false },
  events: null,
  status: { online: true, refreshing: false, pendingTaps: [], wakeAt: null },
}
const status: WorkerMessage = {
  v,
  type: WORKER_MESSAGE.status,
  online: true,
  refreshing: false,
  pendingTaps: [],
  wakeAt: null,
}

/** A StorageManager's persistence part: `persisted` says `already`, `persist` grants `grant`. */
function fakeStorage({ already = false, grant = true } = {}) {
  return {
    persisted: vi.fn(() => Promise.resolve(already)),
    persist: vi.fn(() => Promise.resolve(grant)),
  }
}

describe('requestPersistentStorage', () => {
  it('asks the browser, and says what it answered', async () => {
    const granting = fakeStorage()
    expect(await requestPersistentStorage(granting)).toBe(true)
    expect(granting.persist).toHaveBeenCalledOnce()
    const refusing = fakeStorage({ grant: false })
    expect(await requestPersistentStorage(refusing)).toBe(false)
  })

  it('does not ask when storage already persists', async () => {
    const storage = fakeStorage({ already: true })
    expect(await requestPersistentStorage(storage)).toBe(true)
    expect(storage.persist).not.toHaveBeenCalled()
  })

  it('does nothing where the browser has no storage manager or no persist (WebKitGTK)', async () => {
    expect(await requestPersistentStorage(undefined)).toBe(false)
    expect(await requestPersistentStorage({})).toBe(false)
    // jsdom, like WebKitGTK, has no navigator.storage: the default is absent too.
    expect(await requestPersistentStorage()).toBe(false)
  })

  it('swallows a persist() or persisted() that rejects or throws', async () => {
    const rejecting = { ...fakeStorage(), persist: () => Promise.reject(new Error('denied')) }
    expect(await requestPersistentStorage(rejecting)).toBe(false)
    const throwing = {
      persist: vi.fn(() => Promise.resolve(true)),
      persisted: (): Promise<boolean> => {
        throw new TypeError('not allowed')
      },
    }
    expect(await requestPersistentStorage(throwing)).toBe(false)
  })
})

describe('persistStorageWhenSignedIn', () => {
  it('asks once the holder signs in, and not again on later messages', () => {
    const store = createAppStore()
    const request = vi.fn(() => Promise.resolve(true))
    persistStorageWhenSignedIn(store, request)
    store.getState().apply(anonymousSnapshot)
    expect(request).not.toHaveBeenCalled()
    store.getState().apply(SIGNIN_MESSAGE)
    expect(request).toHaveBeenCalledOnce()
    store.getState().apply(status)
    store.getState().apply({ ...status, refreshing: true })
    store.getState().apply(SIGNIN_MESSAGE)
    expect(request).toHaveBeenCalledOnce()
  })

  it('does not ask while signed out', () => {
    const store = createAppStore()
    const request = vi.fn(() => Promise.resolve(true))
    persistStorageWhenSignedIn(store, request)
    store.getState().apply(anonymousSnapshot)
    store.getState().apply(status)
    expect(request).not.toHaveBeenCalled()
  })

  it('asks again for the next sign-in after a sign-out', () => {
    const store = createAppStore()
    const request = vi.fn(() => Promise.resolve(true))
    persistStorageWhenSignedIn(store, request)
    store.getState().apply(anonymousSnapshot)
    store.getState().apply(SIGNIN_MESSAGE)
    store.getState().apply(signout)
    expect(request).toHaveBeenCalledOnce()
    store.getState().apply(SIGNIN_MESSAGE)
    expect(request).toHaveBeenCalledTimes(2)
  })

  it('does not ask when a page opens already signed in (Firefox would ask on every visit)', () => {
    const store = createAppStore()
    const request = vi.fn(() => Promise.resolve(true))
    persistStorageWhenSignedIn(store, request)
    store.getState().apply(SIGNIN_MESSAGE)
    store.getState().apply(status)
    expect(request).not.toHaveBeenCalled()
  })

  it("asks the browser's own storage manager by default", async () => {
    const persist = vi.fn(() => Promise.resolve(true))
    const persisted = vi.fn(() => Promise.resolve(false))
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: { persist, persisted },
    })
    try {
      const store = createAppStore()
      persistStorageWhenSignedIn(store)
      store.getState().apply(anonymousSnapshot)
      store.getState().apply(SIGNIN_MESSAGE)
      await vi.waitFor(() => expect(persist).toHaveBeenCalledOnce())
      expect(persisted).toHaveBeenCalledOnce()
    } finally {
      Reflect.deleteProperty(navigator, 'storage')
    }
  })
})
