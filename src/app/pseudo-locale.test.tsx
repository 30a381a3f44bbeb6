/**
 * Nothing left behind: every screen, in every state these tests can reach, rendered with the real
 * route tree in the pseudo-language (each catalog message accented, `Śĩĝń ĩń`). Any English word
 * still on the page (text, accessible names, placeholders, the document title) came from outside
 * the catalogs, and fails the test with the screen and the words.
 */
import { act, fireEvent, render, screen } from '@testing-library/react'
import { t } from '@lingui/core/macro'
import { vi } from 'vitest'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PROTOCOL_VERSION as v, WORKER_MESSAGE, type WorkerMessage } from '../core/protocol.ts'
import { EVENTS_FAILURE_TEXT } from '../core/events-failure-text.ts'
import type { PoapEvent } from '../core/poap-event.ts'
import { i18n } from '../shared/i18n.ts'
import { messages as pseudo } from '../locales/pseudo.po'
import { anonymousStore, signedInStore } from '../store/app-store.test-support.ts'
import type { AppStore } from '../store/app-store.ts'
import { AppStoreProvider } from '../store/use-app-store.tsx'
import { createAppRouter } from './router.tsx'
import { SignInPage } from '../features/auth/sign-in-page.tsx'
import { fakeSignInProvider } from '../features/auth/sign-in-provider.test-support.ts'
import { PasskeysPanel } from '../features/passkeys/passkeys-panel.tsx'
import { UpdatePrompt } from '../features/install/update-prompt.tsx'
import type { AccountResult } from '../core/account-messages.ts'

/** What may stay as it is in any language: brands, the tagline, and the test's own data. */
const KEPT = [
  'IYK Cards',
  'Your key to the wwworld.',
  'Google',
  'Apple',
  'holder@example.com',
  // The events' own data (names, places, descriptions) comes from the events service as it is.
  'Lisbon',
  'Portugal',
  'Berlin',
  'Germany',
  'A night to remember.',
  // A tap link's parameters, named in what the tap page says is wrong with one.
  '“uid”',
  // A passkey's name, as the holder gave it.
  'Work laptop',
]

/**
 * English words the browser's Intl writes (months, days, "ago", countries): not the catalogs' to
 * translate (in the pseudo-language Intl falls back to English).
 */
function intlWords(): Set<string> {
  const words = new Set<string>(['AM', 'PM'])
  const add = (text: string) => {
    for (const word of text.match(/[A-Za-z]+/g) ?? []) words.add(word)
  }
  for (let month = 0; month < 12; month++) {
    const date = new Date(Date.UTC(2026, month, 15))
    for (const style of ['long', 'short'] as const) {
      add(new Intl.DateTimeFormat('en', { month: style, weekday: style }).format(date))
    }
  }
  // Country names (the phone step's list), as Intl names every two-letter region.
  const regions = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' })
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
  for (const first of letters) for (const second of letters) add(regions.of(first + second) ?? '')
  const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
  for (const unit of ['second', 'minute', 'hour', 'day', 'week', 'month', 'year'] as const) {
    for (const amount of [-2, -1, 0, 1, 2]) add(relative.format(amount, unit))
  }
  return words
}

/** The English words in what the page says now: its text, names, placeholders and title. */
function englishOnPage(words: Set<string>): string[] {
  const said: string[] = [document.title]
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement
    // Data marked as such (an address, a number) and text in a language of its own (the
    // languages' names) are not the catalogs' to translate.
    if (parent?.closest('script, style, noscript, [translate="no"], [lang]')) continue
    said.push(node.textContent ?? '')
  }
  for (const element of document.body.querySelectorAll('*')) {
    for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description']) {
      const value = element.getAttribute(name)
      if (value) said.push(value)
    }
  }
  return said.flatMap((text) => {
    let rest = text
    for (const kept of KEPT) rest = rest.split(kept).join(' ')
    // Addresses, URLs and numbers are data, not words.
    rest = rest.replace(/\S+@\S+|https?:\/\/\S+|\+?\d[\d\s]*/g, ' ')
    const english = (rest.match(/[A-Za-z]{2,}/g) ?? []).filter((word) => !words.has(word))
    return english.length > 0 ? [`${english.join(' ')}  ←  “${text.trim()}”`] : []
  })
}

const session = {
  handoff: () => Promise.resolve(),
  refresh: () => {},
  tap: () => {},
  signOut: () => Promise.resolve(),
  account: () => Promise.resolve({ ok: true as const, passkeys: [] }),
}

const NOW = Date.now()
const DAY = 86_400_000

const event = (id: string, overrides: Partial<PoapEvent>): PoapEvent => ({
  id,
  name: `${id} — ${KEPT[5]}`,
  description: 'A night to remember.',
  imageUrl: `https://cards.example/images/${id}.svg`,
  startDate: new Date(NOW + 3 * DAY).toISOString(),
  endDate: new Date(NOW + 4 * DAY).toISOString(),
  expiryDate: null,
  year: null,
  fancyId: null,
  city: 'Lisbon',
  country: 'Portugal',
  eventUrl: `https://iyk.app/events/${id}`,
  status: 'active',
  ...overrides,
})

const EVENTS = [
  event('e1', {}),
  event('e2', {
    startDate: new Date(NOW - 40 * DAY).toISOString(),
    endDate: new Date(NOW - 39 * DAY).toISOString(),
    status: 'expired',
    city: 'Berlin',
    country: 'Germany',
  }),
  event('e3', { startDate: null, endDate: null, status: 'future', city: null, country: null }),
  event('e4', { status: 'rejected' }),
  event('e5', { status: 'pending-approval' }),
]

const eventsMessage: WorkerMessage = {
  v,
  type: WORKER_MESSAGE.events,
  events: EVENTS,
  fetchedAt: NOW - 5 * 60_000,
  source: 'network',
}
const offline = (pendingTaps: string[]): WorkerMessage => ({
  v,
  type: WORKER_MESSAGE.status,
  online: false,
  refreshing: false,
  pendingTaps,
  wakeAt: null,
})
const failed: WorkerMessage = {
  v,
  type: WORKER_MESSAGE.eventsError,
  message: EVENTS_FAILURE_TEXT.busy,
}

const TAP = '/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'

/** Each screen: where, in which state, and the heading that says it has rendered. */
const SCREENS: { name: string; path: string; store: () => AppStore }[] = [
  { name: 'landing', path: '/', store: anonymousStore },
  { name: 'sign-in', path: '/auth/email?redirect=%2Faccount', store: anonymousStore },
  { name: 'tap, signed out', path: TAP, store: anonymousStore },
  { name: 'tap, a damaged link', path: '/tap?uid=zz', store: () => signedInStore([eventsMessage]) },
  { name: 'events', path: '/', store: () => signedInStore([eventsMessage]) },
  { name: 'events, offline with taps', path: '/', store: () => signedInStore([offline(['a'])]) },
  { name: 'events, failed', path: '/', store: () => signedInStore([failed]) },
  { name: 'event', path: '/events/e1', store: () => signedInStore([eventsMessage]) },
  { name: 'event, rejected', path: '/events/e4', store: () => signedInStore([eventsMessage]) },
  { name: 'event, unknown', path: '/events/nope', store: () => signedInStore([eventsMessage]) },
  { name: 'tap, signed in', path: TAP, store: () => signedInStore([eventsMessage]) },
  { name: 'account', path: '/account', store: () => signedInStore([eventsMessage]) },
  { name: 'not found', path: '/no/such/page', store: anonymousStore },
]

let words = new Set<string>()

beforeAll(() => {
  words = intlWords()
})

// The setup puts English back after each test.
beforeEach(() => {
  i18n.loadAndActivate({ locale: 'pseudo', messages: pseudo })
})

describe('the pseudo-language run', () => {
  it('accents what the catalogs say (the run would find nothing otherwise)', () => {
    const accented = Object.values(pseudo).flat().join(' ')
    expect(accented).toMatch(/[ŚśĩĝńÁáéÉ]/)
    expect(accented).not.toMatch(/\bSign in\b/)
  })

  it.each(SCREENS)('$name says nothing outside the catalogs', async ({ path, store }) => {
    const appStore = store()
    const router = createAppRouter(
      { store: appStore, session },
      { history: createMemoryHistory({ initialEntries: [path] }) },
    )
    render(
      <AppStoreProvider store={appStore}>
        <RouterProvider router={router} />
      </AppStoreProvider>,
    )
    await act(() => router.load())
    await screen.findAllByRole('heading', { level: 1 })
    expect(englishOnPage(words)).toEqual([])
  })
})

/** The form's submit button (its name is in the pseudo-language). */
const submit = () => {
  const button = document.querySelector<HTMLButtonElement>('form button[type="submit"]')
  if (!button) throw new Error('The form has no submit button')
  return button
}

describe('the pseudo-language run, through what a holder does', () => {
  it('the email step refused, the code step and a wrong code say nothing outside the catalogs', async () => {
    const provider = fakeSignInProvider({
      verifyCode: vi.fn(() => Promise.reject({ error_type: 'otp_code_not_found' })),
    })
    render(
      <SignInPage
        provider={provider}
        complete={() => Promise.resolve()}
        href="http://localhost/auth/email"
      />,
    )
    const email = document.querySelector<HTMLInputElement>('input[type="email"]')
    if (!email) throw new Error('No email field')
    fireEvent.change(email, { target: { value: 'holder@' } })
    fireEvent.click(submit())
    await screen.findByRole('alert')
    expect(englishOnPage(words), 'an email refused').toEqual([])

    fireEvent.change(email, { target: { value: 'holder@example.com' } })
    fireEvent.click(submit())
    const code = await vi.waitFor(() => {
      const field = document.querySelector<HTMLInputElement>('input[autocomplete="one-time-code"]')
      if (!field) throw new Error('No code field yet')
      return field
    })
    expect(englishOnPage(words), 'the code step').toEqual([])

    fireEvent.change(code, { target: { value: '123456' } })
    fireEvent.click(submit())
    await screen.findByRole('alert')
    expect(englishOnPage(words), 'a wrong code').toEqual([])
  })

  it('the phone step says nothing outside the catalogs', async () => {
    render(
      <SignInPage
        provider={fakeSignInProvider()}
        complete={() => Promise.resolve()}
        href="http://localhost/auth/email"
      />,
    )
    fireEvent.click(screen.getByRole('button', { name: t`Text me a code instead` }))
    await screen.findByRole('combobox', {}, { timeout: 10_000 })
    expect(englishOnPage(words)).toEqual([])
  })

  it('the passkeys panel with passkeys, and the update prompt, say nothing outside the catalogs', async () => {
    const account = vi.fn((): Promise<AccountResult> =>
      Promise.resolve({
        ok: true,
        passkeys: [
          { id: 'webauthn-registration-1', name: 'Work laptop', domain: 'cards.example' },
          { id: 'webauthn-registration-2', name: '', domain: 'cards.example' },
        ],
      }),
    )
    let announce: (update: { activate(): void }) => void = () => {}
    render(
      <>
        <PasskeysPanel account={account} onSignInAgain={() => {}} supported />
        <UpdatePrompt
          subscribe={(listener) => {
            announce = listener
            return () => {}
          }}
        />
      </>,
    )
    await screen.findAllByRole('listitem')
    await act(async () => announce({ activate: () => {} }))
    await screen.findByRole('status')
    expect(englishOnPage(words)).toEqual([])
  })
})
