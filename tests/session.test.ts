/**
 * The session journeys in real Chromium against the production build and the local stack:
 * sign-in by code and by link, tabs kept in step, a stopped worker, single flight, offline,
 * session loss, and the in-page host where service workers are blocked.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { collectErrors } from './support/browser.ts'
import { browserSuite } from './support/browser-suite.ts'
import { stopAllWorkers, watchAppWorker } from './support/service-worker-cdp.ts'
import {
  advanceProviderClock,
  armFault,
  callCount,
  endSessionAtProvider,
  expectEventsHome,
  latestJwt,
  latestMessage,
  newEmail,
  reauthDueFields,
  readEngineState,
  resetProviderClock,
  setProviderConfig,
  signInWithCode,
} from './support/stack.ts'
import { appUrl, providerUrl } from './support/test-stack.ts'
import { signOut } from './support/holder.ts'
import { scaled, waitingFor } from './support/deadline.ts'

const AUTHENTICATE = '/sdk/v1/sessions/authenticate'

const suite = browserSuite()

declare global {
  interface Window {
    /** When the page sent the worker each wake (`heartbeat`), epoch ms (see `noteWakes`). */
    __wakesSent: number[]
  }
}

/** Runs in every page of a context: notes when the page sends its worker a `heartbeat`. */
function noteWakes(): void {
  window.__wakesSent = []
  const post = ServiceWorker.prototype.postMessage
  ServiceWorker.prototype.postMessage = function (this: ServiceWorker, ...args: unknown[]) {
    if ((args[0] as { type?: unknown } | null)?.type === 'heartbeat') {
      window.__wakesSent.push(Date.now())
    }
    return (post as (...rest: unknown[]) => void).apply(this, args)
  } as typeof post
}

/** The stored session's schedule fields. */
const sessionOf = (state: Record<string, unknown> | null) =>
  (state?.session ?? {}) as { nextDueAt: number; backoffAttempt: number }

const isSignedIn = (page: Page) => page.getByRole('link', { name: 'Account' }).isVisible()

/**
 * Polls until `check` (what `what` says) holds; returns how long it took (printed, never asserted
 * as a time).
 */
async function timeUntil(what: string, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now()
  await expect.poll(check, { message: what, timeout: scaled(10_000), interval: 50 }).toBe(true)
  return Date.now() - start
}

describe('sign-in', () => {
  it('by emailed code: events in both groups, the provider SDK leaves no copy behind', async () => {
    const { page } = await suite.installed()
    const errors = collectErrors(page)
    await signInWithCode(page)
    await page.waitForURL(appUrl + '/')
    await expectEventsHome(page)
    await page.getByRole('heading', { name: 'Now and upcoming', level: 2 }).waitFor()
    await page.getByRole('heading', { name: 'Past', level: 2 }).waitFor()
    for (const status of ['Active', 'Pending approval', 'Upcoming', 'Ended', 'Rejected']) {
      expect(await page.locator('.badge', { hasText: status }).count(), status).toBeGreaterThan(0)
    }

    const cookies = await page.context().cookies()
    expect(cookies.map((cookie) => cookie.name)).not.toContain('stytch_session')
    const keys = await page.evaluate(() => Object.keys(localStorage))
    expect(
      keys.filter((key) => key.startsWith('stytch_sdk_state_') && !key.includes('PKCE')),
    ).toEqual([])
    expect(keys).toContain('signin-event')
    const token = ((await readEngineState(page))?.session as { sessionToken: string }).sessionToken
    expect(token.length).toBeGreaterThan(10)
    const pageStorage = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + document.cookie,
    )
    expect(pageStorage).not.toContain(token)
    expect(errors).toEqual([])
  })

  it('no page hears the JWT or the session token: broadcasts, snapshots, the hand-off’s answer', async () => {
    // Everything the worker tells any page of this context, across navigations: every message
    // on the session channel, posted by the worker, or answered on a private port.
    const heard: (string | undefined)[] = []
    const { context, page } = await suite.installed({
      prepare: async (context) => {
        await context.exposeBinding('__hearSession', (_source, data: string | undefined) => {
          heard.push(data)
        })
        await context.addInitScript(() => {
          const hear = (data: unknown) =>
            void (window as unknown as { __hearSession(data: string): void }).__hearSession(
              JSON.stringify(data),
            )
          new BroadcastChannel('iyk-cards:session').addEventListener('message', (event) =>
            hear(event.data),
          )
          navigator.serviceWorker?.addEventListener('message', (event) => hear(event.data))
          const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage')!
          Object.defineProperty(MessagePort.prototype, 'onmessage', {
            configurable: true,
            get(this: MessagePort) {
              return onmessage.get!.call(this) as unknown
            },
            set(this: MessagePort, handler: ((event: MessageEvent) => void) | null) {
              onmessage.set!.call(
                this,
                handler &&
                  ((event: MessageEvent) => {
                    hear(event.data)
                    handler.call(this, event)
                  }),
              )
            },
          })
        })
      },
    })
    const listener = await context.newPage()
    await listener.goto(appUrl + '/')
    await signInWithCode(page)
    await page.waitForURL(appUrl + '/')
    await expectEventsHome(page)
    await expectEventsHome(listener)
    const credentials = async () => {
      const session = (await readEngineState(page))?.session as {
        sessionToken: string
        userId: string
      }
      // The JWT is in the worker's memory only: the one the cards stand-in last accepted.
      return [session.sessionToken, await latestJwt(session.userId)]
    }
    const first = await credentials()
    // A re-authentication (a new JWT, announced as `session`) and a reload (a new snapshot).
    await page.getByRole('button', { name: 'Refresh' }).click()
    // A refresh is two provider calls of up to 8 s each: the poll's own 1 s is too short for one.
    await expect
      .poll(async () => (await credentials())[1], {
        timeout: scaled(20_000),
        message: 'a new JWT in the worker after Refresh',
      })
      .not.toBe(first[1])
    await page.reload()
    await expectEventsHome(page)
    const secrets = [...first, ...(await credentials())]
    // Other ports carry other things (null among them): only the session's messages have a type.
    const types = new Set(
      heard.map((data) => (JSON.parse(data ?? 'null') as { type?: unknown } | null)?.type),
    )
    for (const type of ['signin', 'handoff-result', 'session', 'snapshot', 'events']) {
      expect(types, `heard a ${type}`).toContain(type)
    }
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(10)
      expect(heard.filter((data) => data?.includes(secret))).toEqual([])
    }
    // Nor does the signed-in page keep one where a script could read it.
    const pageStorage = await page.evaluate(
      () => JSON.stringify({ ...localStorage, ...sessionStorage }) + document.cookie,
    )
    for (const secret of secrets) expect(pageStorage).not.toContain(secret)
  })

  /** Asks for a code on /auth/email (from `path`) and waits for the code step. */
  async function sendCode(page: Page, email: string, path = '/auth/email') {
    await page.goto(appUrl + path)
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send code' }).click()
    await page.getByLabel('6-digit code').waitFor()
  }

  /** Asks for a sign-in link on /auth/email (from `path`) and returns it from the inbox. */
  async function requestLink(page: Page, email: string, path = '/auth/email') {
    await sendCode(page, email, path)
    await page.getByRole('button', { name: 'Email me a sign-in link instead' }).click()
    await page.getByText('We emailed a sign-in link').waitFor()
    return (await latestMessage(email, 'magic_link')).link ?? ''
  }

  it('by magic link in the provider’s format, landing on exactly /auth/email, back to the page', async () => {
    const { page } = await suite.installed()
    const email = newEmail()
    await page.goto(appUrl + '/account')
    await page.waitForURL(/\/auth\/email\?redirect=%2Faccount/)
    const link = await requestLink(page, email, '/account')
    // The one registered redirect URL, and a 44-character token padded with `=` (sent as %3D).
    const url = new URL(link)
    expect(url.origin + url.pathname).toBe(appUrl + '/auth/email')
    expect([...url.searchParams.keys()].sort()).toEqual(['stytch_token_type', 'token'])
    expect(link).toMatch(/token=[A-Za-z0-9_-]{43}%3D/)
    expect(url.searchParams.get('token')).toHaveLength(44)
    await page.goto(link)
    await page.waitForURL(appUrl + '/account')
    await page.getByText(email).waitFor()
    expect(page.url()).not.toContain('token=')
  })

  it('refuses a used magic link with a clear message above the email form', async () => {
    const { page } = await suite.installed()
    const email = newEmail()
    const link = await requestLink(page, email)
    await page.goto(link)
    await expectEventsHome(page)
    await signOut(page)
    await page.goto(link)
    await page
      .getByRole('alert')
      .filter({ hasText: /expired or was already used/ })
      .waitFor()
    await page.getByLabel('Email').waitFor()
    expect(page.url()).toBe(appUrl + '/auth/email')
  })

  // The signed-out failures below share one installed page: none signs in, and each opens the
  // sign-in page afresh (a context each would install the worker each time).
  const signedOutPage = suite.sharedInstalled()

  it('explains an expired magic link, with the email form', async () => {
    const page = await signedOutPage()
    const link = await requestLink(page, newEmail())
    // The link lives 10 minutes on the provider's clock.
    await advanceProviderClock(11 * 60_000)
    try {
      await page.goto(link)
      await page
        .getByRole('alert')
        .filter({ hasText: /expired or was already used/ })
        .waitFor()
      await page.getByRole('button', { name: 'Send code' }).waitFor()
      // One message, above the email form, on the sign-in page with the token out of the address.
      expect(await page.getByRole('alert').allTextContents()).toEqual([
        expect.stringContaining('This sign-in link has expired or was already used.'),
      ])
      expect(await page.getByLabel('Email').isEditable()).toBe(true)
      await expect
        .poll(() => page.url(), waitingFor('the address back to /auth/email'))
        .toBe(appUrl + '/auth/email')
    } finally {
      await resetProviderClock()
    }
  })

  it('explains a damaged magic link at once and takes it out of the address', async () => {
    const page = await signedOutPage()
    const link = await requestLink(page, newEmail())
    await page.goto(link.replace(/token=([^&]{12})[^&]*/, 'token=$1'))
    await page
      .getByRole('alert')
      .filter({ hasText: /incomplete or damaged/ })
      .waitFor()
    await page.getByLabel('Email').waitFor()
    await expect
      .poll(() => page.url(), waitingFor('the damaged link taken out of the address'))
      .toBe(appUrl + '/auth/email')
  })

  it('says so when the provider limits codes for an address (429), keeping the email', async () => {
    await setProviderConfig({ emailSendsPerHour: 1 })
    try {
      const page = await signedOutPage()
      const email = newEmail()
      await sendCode(page, email)
      await page.getByRole('button', { name: 'Use a different email' }).click()
      await page.getByLabel('Email').fill(email)
      await page.getByRole('button', { name: 'Send code' }).click()
      await page.getByRole('alert').filter({ hasText: 'Too many tries' }).waitFor()
      expect(await page.getByLabel('Email').inputValue()).toBe(email)
    } finally {
      await setProviderConfig({ emailSendsPerHour: 10 })
    }
  })

  it('says so when a code has expired', async () => {
    const page = await signedOutPage()
    const email = newEmail()
    await sendCode(page, email)
    const { code } = await latestMessage(email, 'otp')
    // The app asks for 10 minutes; the provider's clock moves past them.
    await advanceProviderClock(11 * 60_000)
    try {
      await page.getByLabel('6-digit code').fill(code ?? '')
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.getByRole('alert').filter({ hasText: 'has expired' }).waitFor()
      // One message saying so, and the holder still on the sign-in page, not signed in.
      expect(await page.getByRole('alert').allTextContents()).toEqual([
        expect.stringContaining('That code is not right, or it has expired.'),
      ])
      expect(new URL(page.url()).pathname).toBe('/auth/email')
    } finally {
      await resetProviderClock()
    }
  })

  it('shows a wrong code as such and keeps it for correction', async () => {
    const page = await signedOutPage()
    await page.goto(appUrl + '/auth/email')
    await page.getByLabel('Email').fill(newEmail())
    await page.getByRole('button', { name: 'Send code' }).click()
    await page.getByLabel('6-digit code').fill('000000')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('alert').filter({ hasText: 'That code is not right' }).waitFor()
    expect(await page.getByLabel('6-digit code').inputValue()).toBe('000000')
  })
})

describe('tabs in step', () => {
  it('three tabs follow sign-in and sign-out, keeping their routes', async () => {
    const { context, page: first } = await suite.installed()
    const second = await context.newPage()
    await second.goto(appUrl + '/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3')
    const third = await context.newPage()
    await third.goto(appUrl + '/')
    await third.getByRole('heading', { name: 'Your events, one tap away', level: 1 }).waitFor()

    await signInWithCode(first)
    await expectEventsHome(first)
    const signInMs = await Promise.all(
      [second, third].map((page) => timeUntil('the other tab signed in', () => isSignedIn(page))),
    )
    console.log(`other tabs showed the sign-in after ${signInMs.join(' ms, ')} ms`)
    expect(new URL(second.url()).pathname).toBe('/tap')
    await expectEventsHome(third)

    await second.getByRole('link', { name: 'Account' }).click()
    await second.waitForURL(appUrl + '/account')
    await first.getByRole('link', { name: 'Account' }).click()
    await first.waitForURL(appUrl + '/account')
    await second.getByRole('button', { name: 'Sign out' }).click()
    const signOutMs = await Promise.all(
      [first, second, third].map((page) =>
        timeUntil(
          'the tab signed out, on /',
          async () => !(await isSignedIn(page)) && new URL(page.url()).pathname === '/',
        ),
      ),
    )
    console.log(`tabs showed the sign-out after ${signOutMs.join(' ms, ')} ms`)
    await third.getByRole('heading', { name: 'Your events, one tap away', level: 1 }).waitFor()
    expect(await readEngineState(third)).toMatchObject({ session: null, events: null })
  })

  it('a visible tab wakes a stopped worker at the time it named, and the call then succeeds', async () => {
    const { page } = await suite.signedIn({
      prepare: (context) => context.addInitScript(noteWakes),
    })
    // Four failures in a row: the worker's own timer makes the first three retries, and the
    // fourth backoff (8 bases) leaves time to stop it before the retry is due.
    await armFault('provider', { route: AUTHENTICATE, count: 4, mode: 'error', status: 503 })
    const before = await callCount(AUTHENTICATE)
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect
      .poll(async () => sessionOf(await readEngineState(page)).backoffAttempt, {
        message: 'four failed calls, backing off',
        timeout: scaled(10_000),
      })
      .toBe(4)
    await stopAllWorkers(page)
    const retryAt = sessionOf(await readEngineState(page)).nextDueAt
    expect(retryAt).toBeGreaterThan(Date.now())
    // Nothing but the page can wake the stopped worker: the retry comes from the page's wake.
    await expect
      .poll(async () => sessionOf(await readEngineState(page)).backoffAttempt, {
        message: 'the retry, woken by the page, succeeding',
        timeout: scaled(15_000),
      })
      .toBe(0)
    expect(await callCount(AUTHENTICATE)).toBe(before + 5)
    const wakes = await page.evaluate(() => window.__wakesSent)
    expect(wakes.filter((at) => at >= retryAt)).toHaveLength(1)
  })

  it('a worker stopped by the browser wakes with the same session and schedule', async () => {
    const { page } = await suite.signedIn()
    const before = (await readEngineState(page))?.session as Record<string, number>
    const callsBefore = await callCount(AUTHENTICATE)

    await stopAllWorkers(page)
    await page.reload()
    await expectEventsHome(page)

    const after = (await readEngineState(page))?.session as Record<string, number>
    expect(after.nextDueAt).toBe(before.nextDueAt)
    expect(after.expiresAt).toBe(before.expiresAt)
    expect(await callCount(AUTHENTICATE)).toBe(callsBefore)
  })

  it('five tabs opened at once make one re-authentication, from the worker', async () => {
    const pageRequests: string[] = []
    const { context, page } = await suite.signedIn({
      prepare: async (context) =>
        context.on('page', (opened) =>
          opened.on('request', (request) => pageRequests.push(request.url())),
        ),
    })
    // A worker started afresh (as the browser starts a stopped one), noting the work of every
    // event the tabs send it from the start. The signed-in tab is closed first: open, it could
    // wake the worker (a focus, its wake timer) between the due time written and the five tabs,
    // and that call would be its own, not theirs (one CI run counted it so).
    const worker = await watchAppWorker(context, appUrl)
    await page.close()
    await worker.stop()
    await worker.start()
    await worker.patchSession(reauthDueFields())
    await worker.trackEvents()
    const before = await callCount(AUTHENTICATE)

    const tabs = await Promise.all([1, 2, 3, 4, 5].map(() => context.newPage()))
    await Promise.all(tabs.map((tab) => tab.goto(appUrl + '/')))
    await Promise.all(tabs.map((tab) => expectEventsHome(tab)))
    await expect
      .poll(() => callCount(AUTHENTICATE), waitingFor('one re-authentication for five tabs'))
      .toBe(before + 1)
    // Nothing more: whatever the tabs' messages made the worker do (the wakes that queued behind
    // the call among it), it has done once their work has ended.
    await worker.eventsSettled()
    expect(await callCount(AUTHENTICATE)).toBe(before + 1)
    expect(pageRequests.filter((url) => url.startsWith(providerUrl + AUTHENTICATE))).toEqual([])
  })
})

describe('offline and session loss', () => {
  it('an offline reload shows the cached events with their age; back online refreshes', async () => {
    const { context, page } = await suite.signedIn()
    const names = await page.getByTestId('event-card').allTextContents()
    await context.setOffline(true)
    await page.reload()
    await expectEventsHome(page)
    expect(await page.getByTestId('event-card').allTextContents()).toEqual(names)
    await expect
      .poll(
        () => page.getByTestId('events-age').textContent(),
        waitingFor('the list’s age said offline'),
      )
      .toMatch(/Offline\s+updated (now|\d+ minutes? ago)/)

    // Back online: one re-authentication, then a fresh list.
    const before = await callCount(AUTHENTICATE)
    await context.setOffline(false)
    // Polled for longer than the default second: on a loaded machine the online event, the
    // worker's wake and the call take a while (one CI run counted no call within the second).
    await expect
      .poll(() => callCount(AUTHENTICATE), {
        message: 'the re-authentication once back online',
        timeout: scaled(10_000),
      })
      .toBe(before + 1)
    await expect
      .poll(() => page.getByTestId('events-age').textContent(), {
        message: 'the list’s age said online',
        timeout: scaled(10_000),
      })
      .toMatch(/^\s*Updated/)
  })

  it('session_not_found from the provider signs every tab out', async () => {
    const { context, page } = await suite.signedIn()
    const other = await context.newPage()
    await other.goto(appUrl + '/account')
    await other.getByRole('button', { name: 'Sign out' }).waitFor()

    await endSessionAtProvider()
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect.poll(() => isSignedIn(page), waitingFor('the tab signed out')).toBe(false)
    await other.waitForURL(appUrl + '/')
    await other.getByRole('heading', { name: 'Your events, one tap away', level: 1 }).waitFor()
    expect(await readEngineState(page)).toMatchObject({ session: null, events: null })
  })

  it('sign-out clears the session even with the network down', async () => {
    const { context, page } = await suite.signedIn()
    await page.getByRole('link', { name: 'Account' }).click()
    await page.waitForURL(appUrl + '/account')
    await context.setOffline(true)
    await signOut(page)
    expect(await readEngineState(page)).toMatchObject({ session: null, events: null })
    await context.setOffline(false)
  })
})

describe('no service worker', () => {
  it('signs in, refreshes and signs out through the in-page host', async () => {
    const context = await suite.newContext({ serviceWorkers: 'block' })
    const page = await context.newPage()
    const errors = collectErrors(page)
    await signInWithCode(page)
    await expectEventsHome(page)
    expect(await page.evaluate(() => navigator.serviceWorker?.controller ?? null)).toBeNull()

    const second = await context.newPage()
    await second.goto(appUrl + '/')
    await expectEventsHome(second)

    const before = await callCount(AUTHENTICATE)
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect
      .poll(() => callCount(AUTHENTICATE), waitingFor('the in-page host’s re-authentication'))
      .toBe(before + 1)
    await expectEventsHome(page)

    await signOut(page)
    await expect.poll(() => isSignedIn(second), waitingFor('the other tab signed out')).toBe(false)
    expect(errors.filter((error) => !error.includes('Service worker'))).toEqual([])
  })

  it('another tab follows sign-in on its own route (the broadcast or the marker)', async () => {
    const context = await suite.newContext({ serviceWorkers: 'block' })
    const other = await context.newPage()
    await other.goto(appUrl + '/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3')
    await other.getByRole('link', { name: 'Sign in to collect' }).waitFor()

    const page = await context.newPage()
    await signInWithCode(page)
    await expectEventsHome(page)
    await expect.poll(() => isSignedIn(other), waitingFor('the other tab signed in')).toBe(true)
    await other.getByText('Card details for support').waitFor()
    expect(new URL(other.url()).pathname).toBe('/tap')
  })
})
