/** Test helper: renders a screen at a path inside a memory-history router, over a given store; event messages. */
import type { ReactNode } from 'react'
import { act, render } from '@testing-library/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { PROTOCOL_VERSION as v, WORKER_MESSAGE, type WorkerMessage } from '../../core/protocol.ts'
import type { PoapEvent } from '../../core/poap-event.ts'
import type { AppStore } from '../../store/app-store.ts'
import { AppStoreProvider } from '../../store/use-app-store.tsx'

// jsdom has no scrolling; the router restores scroll after each navigation.
window.scrollTo = (() => {}) as typeof window.scrollTo

/**
 * One root route that always renders `ui`, so `Link`s work and a click changes
 * `router.state.location` without this test depending on the app's route tree.
 */
export async function renderInRouter(ui: ReactNode, store: AppStore, path = '/') {
  const rootRoute = createRootRoute({ component: () => ui })
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  const view = render(
    <AppStoreProvider store={store}>
      <RouterProvider router={router as never} />
    </AppStoreProvider>,
  )
  await act(() => router.load())
  return { router, ...view }
}

/** The `events` message for `list`, fetched at `fetchedAt`. */
export const eventsMessage = (list: PoapEvent[], fetchedAt = Date.now()): WorkerMessage => ({
  v,
  type: WORKER_MESSAGE.events,
  events: list,
  fetchedAt,
  source: 'network',
})

/** The `status` message. */
export const statusMessage = (
  online: boolean,
  refreshing = false,
  pendingTaps: string[] = [],
): WorkerMessage => ({
  v,
  type: WORKER_MESSAGE.status,
  online,
  refreshing,
  pendingTaps,
  wakeAt: null,
})

/** The `events-error` message. */
export const eventsErrorMessage = (message: string): WorkerMessage => ({
  v,
  type: WORKER_MESSAGE.eventsError,
  message,
})

/** An event with sensible defaults; pass what the test is about. */
export function makeEvent(overrides: Partial<PoapEvent> & Pick<PoapEvent, 'id'>): PoapEvent {
  return {
    name: `Event ${overrides.id}`,
    description: 'A night to remember.',
    imageUrl: `https://cards.example/images/${overrides.id}.svg`,
    startDate: '2026-03-03T19:00:00.000Z',
    endDate: '2026-03-04T02:00:00.000Z',
    expiryDate: null,
    year: null,
    fancyId: null,
    city: 'Lisbon',
    country: 'Portugal',
    eventUrl: `https://iyk.app/events/${overrides.id}`,
    status: 'active',
    ...overrides,
  }
}
