/** The anonymous landing page: what the app is, what a card does, where sign-in goes, the install slot. */
import type { ReactNode } from 'react'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { describe, expect, it, vi } from 'vitest'
import { LandingPage } from './landing-page.tsx'

/** Renders the page at `/` in a memory-history router, so its `Link` resolves and navigates. */
async function renderLanding(install?: ReactNode) {
  const rootRoute = createRootRoute({ component: () => <LandingPage install={install} /> })
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  render(<RouterProvider router={router as never} />)
  await act(() => router.load())
  return router
}

describe('LandingPage', () => {
  it('says what the app is', async () => {
    await renderLanding()
    const title = 'Your events, one tap away'
    expect(screen.getByRole('region', { name: title })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    // The header already names the app and the footer carries its tagline: never twice.
    expect(screen.queryByText('IYK Cards')).toBeNull()
    expect(screen.queryByText('Your key to the wwworld.')).toBeNull()
    expect(screen.getByText(/Your card holds the events you have been to/)).toBeInTheDocument()
  })

  it('explains what the card does in three numbered steps', async () => {
    await renderLanding()
    const steps = within(screen.getByRole('list', { name: 'How your card works' }))
    const items = steps.getAllByRole('listitem')
    expect(items).toHaveLength(3)
    expect(steps.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Tap your card',
      'Collect the moment',
      'Keep it with you',
    ])
    expect(items.map((item) => item.querySelector('.step__number')?.textContent)).toEqual([
      '1',
      '2',
      '3',
    ])
    expect(items[0]).toHaveTextContent('Hold your card to your phone')
    expect(items[1]).toHaveTextContent('Each tap at an event adds its collectible')
    expect(items[2]).toHaveTextContent('stay on this device, even with no signal')
  })

  it('links to the email sign-in and goes there on click', async () => {
    const router = await renderLanding()
    const signIn = screen.getByRole('link', { name: 'Sign in' })
    expect(signIn).toHaveAttribute('href', '/auth/email')
    fireEvent.click(signIn)
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/auth/email'))
  })

  it('places the install action it is given next to sign-in', async () => {
    await renderLanding(<button type="button">Install app</button>)
    const install = screen.getByRole('button', { name: 'Install app' })
    const signIn = screen.getByRole('link', { name: 'Sign in' })
    expect(install.parentElement).toBe(signIn.parentElement)
    expect(signIn.compareDocumentPosition(install)).toBe(Node.DOCUMENT_POSITION_FOLLOWING)
  })

  it('offers sign-in only when there is no install action', async () => {
    await renderLanding()
    expect(screen.queryByRole('button')).toBeNull()
    const actions = screen.getByRole('link', { name: 'Sign in' }).parentElement
    expect(actions?.children).toHaveLength(1)
  })
})
