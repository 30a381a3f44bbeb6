/** The route guard with the real route tree: who may see what, and where others are sent. */
import { act, render, screen } from '@testing-library/react'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { describe, expect, it, vi } from 'vitest'
import { PROTOCOL_VERSION as v, WORKER_MESSAGE } from '../core/protocol.ts'
import { SIGNIN_MESSAGE } from '../core/testing/messages.ts'
import { createAppStore, type AppStore } from '../store/app-store.ts'
import { anonymousStore, signedInStore } from '../store/app-store.test-support.ts'
import { AppStoreProvider } from '../store/use-app-store.tsx'
import { createAppRouter } from './router.tsx'

async function renderAt(path: string, store: AppStore) {
  const router = createAppRouter(
    { store, session },
    { history: createMemoryHistory({ initialEntries: [path] }) },
  )
  render(
    <AppStoreProvider store={store}>
      <RouterProvider router={router} />
    </AppStoreProvider>,
  )
  await act(() => router.load())
  return router
}

const session = {
  handoff: () => Promise.resolve(),
  refresh: () => {},
  tap: () => {},
  signOut: () => Promise.resolve(),
  account: () => Promise.resolve({ ok: false as const, failure: { kind: 'signed-out' as const } }),
}

const signin = SIGNIN_MESSAGE

describe('route guard', () => {
  it.each(['/account', '/events/abc-1', '/events/abc-1?from=tap#top'])(
    'sends an anonymous visitor from %s to sign in, keeping the path',
    async (path) => {
      const router = await renderAt(path, anonymousStore())
      expect(router.state.location.pathname).toBe('/auth/email')
      expect(router.state.location.search).toEqual({ redirect: path })
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    },
  )

  it('lets a signed-in holder in', async () => {
    const router = await renderAt('/account', signedInStore())
    expect(router.state.location.pathname).toBe('/account')
    expect(await screen.findByText('holder@example.com')).toBeInTheDocument()
  })

  it('sends a holder whose session ends on a signed-in page to the home page', async () => {
    const store = signedInStore()
    const router = await renderAt('/account', store)
    expect(await screen.findByText('holder@example.com')).toBeInTheDocument()
    act(() => store.getState().apply({ v, type: WORKER_MESSAGE.signout, reason: 'user' }))
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(screen.queryByText('holder@example.com')).toBeNull()
  })

  it('leaves a holder whose session ends on a public page where they are', async () => {
    const store = signedInStore()
    const router = await renderAt('/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3', store)
    act(() => store.getState().apply({ v, type: WORKER_MESSAGE.signout, reason: 'user' }))
    await screen.findByRole('link', { name: 'Sign in to collect' })
    expect(router.state.location.pathname).toBe('/tap')
  })

  it('waits for the session to be known before deciding', async () => {
    const store = createAppStore()
    const router = createAppRouter(
      { store, session },
      { history: createMemoryHistory({ initialEntries: ['/account'] }) },
    )
    render(
      <AppStoreProvider store={store}>
        <RouterProvider router={router} />
      </AppStoreProvider>,
    )
    const loading = router.load()
    await act(async () => {
      store.getState().apply(signin)
      await loading
    })
    expect(router.state.location.pathname).toBe('/account')
  })

  it.each(['/', '/auth/email', '/tap?uid=04AB'])('keeps %s open to everyone', async (path) => {
    const router = await renderAt(path, anonymousStore())
    expect(router.state.location.href).toBe(path)
  })

  it('refuses an open redirect on the sign-in page', async () => {
    const router = await renderAt(
      '/auth/email?redirect=https%3A%2F%2Fevil.example',
      anonymousStore(),
    )
    const signIn = router.state.matches.find((match) => match.routeId === '/auth/email')
    expect(signIn?.search.redirect).toBeUndefined()
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(screen.queryByTestId('redirect-note')).toBeNull()
  })

  it('keeps any other address for signed-in holders (spec §2): sign in first, then not found', async () => {
    const router = await renderAt('/no/such/page', anonymousStore())
    expect(router.state.location.pathname).toBe('/auth/email')
    expect(router.state.location.search).toEqual({ redirect: '/no/such/page' })
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
  })

  it('shows a signed-in holder not found for an unknown route, and sends them home on sign-out', async () => {
    const store = signedInStore()
    const router = await renderAt('/nope', store)
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    act(() => store.getState().apply({ v, type: WORKER_MESSAGE.signout, reason: 'user' }))
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })

  it('still shows not found for an event that does not exist under a known route', async () => {
    await renderAt('/events/abc/extra', signedInStore())
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
  })
})
