import { act, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PROTOCOL_VERSION as v, WORKER_MESSAGE } from '../../core/protocol.ts'
import type { PendingTap, PendingTapStore } from '../../lib/pending-tap.ts'
import { createAppStore, type AppStore } from '../../store/app-store.ts'
import { AppStoreProvider } from '../../store/use-app-store.tsx'
import { PendingTapSync } from './pending-tap-sync.tsx'

const tap: PendingTap = {
  query: '?p=0123456789ABCDEF0123456789ABCDEF&c=4B00064004B0B3D3',
  savedAt: 1,
}

function store(signedIn: boolean): AppStore {
  const created = createAppStore()
  created.getState().apply(
    signedIn
      ? {
          v,
          type: WORKER_MESSAGE.signin,
          email: 'holder@example.com',
          jwt: 'eyJ.a.b',
          expiresAt: 9e12,
        }
      : { v, type: WORKER_MESSAGE.signout, reason: 'user' },
  )
  return created
}

function pending(kept: PendingTap | null) {
  let current = kept
  return {
    read: vi.fn(() => Promise.resolve(current)),
    save: vi.fn(() => Promise.resolve()),
    clear: vi.fn(() => {
      current = null
      return Promise.resolve()
    }),
  } satisfies PendingTapStore
}

function renderSync(appStore: AppStore, pendingTaps: PendingTapStore, path = '/') {
  const onRefresh = vi.fn()
  render(
    <AppStoreProvider store={appStore}>
      <PendingTapSync onRefresh={onRefresh} pendingTaps={pendingTaps} pathname={() => path} />
    </AppStoreProvider>,
  )
  return onRefresh
}

let browserOnline = true
beforeEach(() => {
  browserOnline = true
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => browserOnline)
})
afterEach(() => vi.restoreAllMocks())

describe('PendingTapSync', () => {
  it('refreshes once for a kept tap on the next visit, then forgets it', async () => {
    const taps = pending(tap)
    const onRefresh = renderSync(store(true), taps)
    await waitFor(() => expect(taps.clear).toHaveBeenCalledOnce())
    expect(onRefresh).toHaveBeenCalledOnce()
  })

  it('does nothing without a kept tap', async () => {
    const taps = pending(null)
    const onRefresh = renderSync(store(true), taps)
    await waitFor(() => expect(taps.read).toHaveBeenCalled())
    expect(onRefresh).not.toHaveBeenCalled()
    expect(taps.clear).not.toHaveBeenCalled()
  })

  it('keeps the tap while signed out, and leaves /tap to the tap page', async () => {
    const anonymous = pending(tap)
    renderSync(store(false), anonymous)
    const onTap = pending(tap)
    renderSync(store(true), onTap, '/tap')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(anonymous.read).not.toHaveBeenCalled()
    expect(onTap.read).not.toHaveBeenCalled()
  })

  it('waits for the network, then settles the tap', async () => {
    browserOnline = false
    const taps = pending(tap)
    const onRefresh = renderSync(store(true), taps)
    expect(taps.read).not.toHaveBeenCalled()
    browserOnline = true
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    await waitFor(() => expect(taps.clear).toHaveBeenCalledOnce())
    expect(onRefresh).toHaveBeenCalledOnce()
  })
})
