/** `/` with the real route tree: nothing until the session host answers, then the landing page or the events. */
import { act, fireEvent, render, screen } from '@testing-library/react'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { describe, expect, it, vi } from 'vitest'
import { waitFor } from '@testing-library/react'
import { PROTOCOL_VERSION as v, WORKER_MESSAGE } from '../core/protocol.ts'
import { SIGNIN_MESSAGE } from '../core/testing/messages.ts'
import { bareEvent } from '../core/testing/poap-events.ts'
import { createAppStore } from '../store/app-store.ts'
import { AppStoreProvider } from '../store/use-app-store.tsx'
import { createAppRouter } from './router.tsx'

/** Renders `path` (`/` by default) over a store whose auth status is still unknown (no message applied yet). */
async function renderHome(path = '/') {
  const store = createAppStore()
  const session = {
    handoff: () => Promise.resolve(),
    refresh: vi.fn(),
    tap: vi.fn(),
    signOut: () => Promise.resolve(),
    account: () =>
      Promise.resolve({ ok: false as const, failure: { kind: 'signed-out' as const } }),
  }
  const router = createAppRouter(
    { store, session },
    { history: createMemoryHistory({ initialEntries: [path] }) },
  )
  const view = render(
    <AppStoreProvider store={store}>
      <RouterProvider router={router} />
    </AppStoreProvider>,
  )
  await act(() => router.load())
  return { store, session, router, ...view }
}

const main = () => screen.getByRole('main')

describe('the home route', () => {
  it('shows an empty busy page, neither landing nor events, until auth is known', async () => {
    await renderHome()
    const busy = main().querySelector('[aria-busy="true"]')
    expect(busy).toBeInTheDocument()
    expect(busy).toBeEmptyDOMElement()
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull()
    expect(screen.queryByRole('status', { name: 'Loading your events' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Account' })).toBeNull()
  })

  it('turns into the landing page when the visitor is anonymous', async () => {
    const { store } = await renderHome()
    act(() => store.getState().apply({ v, type: WORKER_MESSAGE.signout, reason: 'user' }))
    expect(
      screen.getByRole('heading', { level: 1, name: 'Your events, one tap away' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/email')
    // No install offer from the browser here, so no install button.
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull()
    expect(main().querySelector('[aria-busy="true"]')).toBeNull()
  })

  it('turns into the events list when the holder is signed in', async () => {
    const { store, session } = await renderHome()
    act(() => store.getState().apply(SIGNIN_MESSAGE))
    // The list's code is a chunk of its own, loaded once a holder is signed in.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your events' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('status', { name: 'Loading your events' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }))
    expect(session.refresh).toHaveBeenCalledOnce()
  })

  it('reads the list’s search from the address, drops what does not read, and writes choices back', async () => {
    const { store, router } = await renderHome('/?q=zurich&year=20x1&when=past&extra=1')
    const events = [
      bareEvent({
        id: 'a',
        name: 'Hackathon',
        city: 'Zürich',
        startDate: '2021-05-01',
        status: 'expired',
      }),
      bareEvent({
        id: 'b',
        name: 'Meetup',
        city: 'Lisboa',
        startDate: '2021-06-01',
        status: 'expired',
      }),
    ]
    act(() => {
      store.getState().apply(SIGNIN_MESSAGE)
      store
        .getState()
        .apply({ v, type: WORKER_MESSAGE.events, events, fetchedAt: Date.now(), source: 'network' })
    })
    const box = await screen.findByRole('searchbox', { name: 'Search your events' })
    expect(box).toHaveValue('zurich')
    expect(screen.getByRole('combobox', { name: 'Year' })).toHaveValue('')
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveValue('past')
    expect(screen.getAllByTestId('event-card')).toHaveLength(1)
    // The route's validated search: the bad year left out.
    const validated = () => router.state.matches.find((match) => match.routeId === '/')?.search
    expect(validated()).toMatchObject({ q: 'zurich', when: 'past' })
    expect(validated()?.year).toBeUndefined()
    fireEvent.change(screen.getByRole('combobox', { name: 'Year' }), { target: { value: '2021' } })
    await waitFor(() => expect(validated()).toMatchObject({ year: 2021, q: 'zurich' }))
    fireEvent.change(box, { target: { value: 'lisboa' } })
    await waitFor(() => expect(validated()).toMatchObject({ q: 'lisboa', year: 2021 }))
    expect(router.state.location.href).toMatch(/[?&]q=lisboa(&|$)/)
    expect(screen.getAllByTestId('event-card')).toHaveLength(1)
    expect(screen.getByRole('heading', { name: 'Meetup' })).toBeInTheDocument()
  })
})
