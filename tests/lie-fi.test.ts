/**
 * Lie-fi in real Chromium: the device says it is online, but a stand-in accepts connections and
 * never answers, or answers 503. A tap is kept and said to be saved, the home page keeps showing
 * its list and says the service cannot be reached, a refresh and a sign-in step end within their
 * deadlines with a clear message; once the service is back, the tap is settled and sign-in works.
 */
import { describe, expect, it } from 'vitest'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { browserSuite } from './support/browser-suite.ts'
import { appTiming, scaled } from './support/deadline.ts'
import { trackAppWorker } from './support/service-worker-cdp.ts'
import {
  addEvent,
  breakRoute,
  callCount,
  clearFaults,
  expectEventsHome,
  latestMessage,
  newEmail,
  readEngineState,
  readPendingTaps,
  type LieFi,
} from './support/stack.ts'
import { appUrl } from './support/test-stack.ts'

const AUTHENTICATE = '/sdk/v1/sessions/authenticate'
const POAP_EVENTS = '/api/poap-events'
const OTP_SEND = '/sdk/v1/otps/email/login_or_create'
const TAP = '/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'
const QUERY = TAP.slice('/tap'.length)

/**
 * The browser-test build's deadlines (src/config/timing.ts), stretched by the run's speed factor as
 * the build's are: the waits below are made of them, and their room is stretched too.
 */
const T = appTiming
/**
 * The longest a refresh may take: a re-authentication and an events call, each up to its
 * deadline, plus room for a busy machine. Shorter than a tab's "Refreshing…" recheck, so only the
 * refresh's own end can pass the checks below.
 */
const REFRESH_DEADLINE_MS = T.providerTimeoutMs + T.cardsTimeoutMs + scaled(1_500)
/** The longest a sign-in step may take (its deadline), plus loading the SDK and room. */
const SIGN_IN_DEADLINE_MS = T.signInTimeoutMs + scaled(8_000)
/**
 * The longest the app may take to settle a tap by itself once the service is back: a call that
 * was already hanging runs to its deadlines, then the next wake (a tab waking the worker at its
 * named time, or the worker's backoff timer) makes the call that succeeds, and room.
 */
const SETTLE_BY_ITSELF_MS =
  2 * T.wakeRetryMs + T.providerTimeoutMs + T.cardsTimeoutMs + scaled(10_000)
/**
 * How long the retries of a failing tap are counted after the page said it was saved: past the
 * first retry after the tap's and Background Sync's failures (two backoff bases after them),
 * short of the next (four bases later).
 */
const RETRY_WINDOW_MS = 2.5 * T.backoffBaseMs
/**
 * The most calls a failing service may get from one tap by the end of that window: the tap's
 * own, one at once for Background Sync, and one retry of the backoff (base·2, then base·4…).
 */
const MAX_CALLS_IN_RETRY_WINDOW = 3
/** A sign-in, a few waits up to the deadlines above, and the checks around them. */
const TEST_TIMEOUT_MS = scaled(3 * 60_000)

const CANT_REACH = 'Can’t reach IYK Cards'
const KEPT_TEXT =
  "We couldn't reach IYK Cards just now. This tap is saved on your phone and will be added to your events when the connection is back."
const PENDING_TEXT = '1 card tap is saved and will be added when the connection is back.'

type Server = 'provider' | 'cards'

/** Lie-fi on each call a refresh makes: a stand-in that never answers, or answers 503. */
const FAULTS: { name: string; server: Server; route: string; lieFi: LieFi }[] = [
  {
    name: 'a provider that never answers',
    server: 'provider',
    route: AUTHENTICATE,
    lieFi: { mode: 'hang' },
  },
  {
    name: 'a provider answering 503',
    server: 'provider',
    route: AUTHENTICATE,
    lieFi: { mode: 'error', status: 503 },
  },
  {
    name: 'a cards API that never answers',
    server: 'cards',
    route: POAP_EVENTS,
    lieFi: { mode: 'hang' },
  },
  {
    name: 'a cards API answering 503',
    server: 'cards',
    route: POAP_EVENTS,
    lieFi: { mode: 'error', status: 503 },
  },
]

const suite = browserSuite()

/**
 * Records, in every document of the context, whether the home page ever showed no event list (a
 * skeleton, or no card at all) once the app rendered it (the prerendered first-paint frame before
 * it is a skeleton by design): the holder's list must never go away.
 */
async function watchEventList(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const watch = { listMissing: false }
    Object.assign(window, { eventListWatch: watch })
    new MutationObserver(() => {
      const home = document.getElementById('events-title')
      const app = !document.getElementById('shell')
      if (app && home && !document.querySelector('[data-testid="event-card"]')) {
        watch.listMissing = true
      }
    }).observe(document, { childList: true, subtree: true })
  })
}

/** Whether the home page showed no list since this document loaded or `resetListWatch`. */
const listWentMissing = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { eventListWatch: { listMissing: boolean } }).eventListWatch
        .listMissing,
  )

/** Starts the list watch afresh in the current document (the first list of a sign-in comes late). */
const resetListWatch = (page: Page) =>
  page.evaluate(() => {
    ;(
      window as unknown as { eventListWatch: { listMissing: boolean } }
    ).eventListWatch.listMissing = false
  })

/** A holder signed in on a page of a context that watches its event list. */
const signedInContext = () => suite.signedIn({ prepare: watchEventList })

const refreshButton = (page: Page) => page.getByRole('button', { name: 'Refresh', exact: true })
const statusLine = (page: Page) => page.getByTestId('events-age')
const cantReachBadge = (page: Page) => statusLine(page).getByText(CANT_REACH, { exact: true })

/** When the engine's cached list was fetched (epoch ms). */
const listFetchedAt = async (page: Page) =>
  ((await readEngineState(page))?.events as { fetchedAt: number }).fetchedAt

/** True once the page offers Refresh again and shows no "Refreshing…". */
async function refreshAvailable(page: Page): Promise<boolean> {
  return (
    (await refreshButton(page)
      .isEnabled()
      .catch(() => false)) && (await page.getByText('Refreshing…').count()) === 0
  )
}

/** Whether `locator` shows within `timeout` ms (for checks after which the test goes on). */
const shown = (locator: Locator, timeout: number) =>
  locator.waitFor({ timeout }).then(
    () => true,
    () => false,
  )

/** Still signed in: the account link, and a session in the engine's record. */
async function expectStillSignedIn(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Account' }).waitFor()
  expect(await readEngineState(page)).toMatchObject({
    session: { userId: expect.stringMatching(/^user-/) },
  })
}

describe('a tap on lie-fi', () => {
  it.each(FAULTS)(
    '$name: the tap is kept and said to be saved, then settled once the service is back',
    async ({ server, route, lieFi }) => {
      const { page } = await signedInContext()
      const worker = await trackAppWorker(page, appUrl)
      await breakRoute(server, route, lieFi)

      await page.goto(appUrl + TAP)
      const kept = page.getByTestId('tap-kept')
      await kept.waitFor({ timeout: REFRESH_DEADLINE_MS })
      expect(await kept.textContent()).toContain(KEPT_TEXT)
      expect(await readPendingTaps(page)).toMatchObject([{ query: QUERY }])

      // The home page: the cached list at once (never a skeleton), the service unreachable, and
      // the saved tap counted.
      await page.goto(appUrl + '/')
      await expectEventsHome(page)
      expect
        .soft(
          await shown(cantReachBadge(page), REFRESH_DEADLINE_MS),
          `“${CANT_REACH}” on the home page`,
        )
        .toBe(true)
      const pending = page.getByTestId('pending-taps')
      expect(await pending.textContent()).toBe(PENDING_TEXT)
      expect(await listWentMissing(page)).toBe(false)
      await expectStillSignedIn(page)

      const name = await addEvent(page, 'Tapped Through Lie-Fi')
      await clearFaults()
      // A service that fails at once: the holder asks. One that hung: the app's own retries.
      if (lieFi.mode === 'error') await refreshButton(page).click()
      const timeout = lieFi.mode === 'error' ? REFRESH_DEADLINE_MS : SETTLE_BY_ITSELF_MS
      await pending.waitFor({ state: 'detached', timeout })
      const event = page.getByTestId('event-card').filter({ hasText: name })
      await event.waitFor({ timeout: REFRESH_DEADLINE_MS })
      await cantReachBadge(page).waitFor({ state: 'detached', timeout: REFRESH_DEADLINE_MS })
      expect(await readPendingTaps(page)).toEqual([])

      // Settled once: when the work of every event the worker was sent has ended (whatever it
      // made the worker do, it has done), it stays settled, its event shows once, and the calls
      // since were few.
      await worker.eventsSettled()
      expect(await readPendingTaps(page)).toEqual([])
      expect(await event.count()).toBe(1)
      expect(await callCount(AUTHENTICATE)).toBeGreaterThanOrEqual(1)
      expect(await callCount(AUTHENTICATE)).toBeLessThanOrEqual(2)
      expect(await listWentMissing(page)).toBe(false)
    },
    TEST_TIMEOUT_MS,
  )
})

describe('retrying on lie-fi', () => {
  it.each(FAULTS.filter(({ lieFi }) => lieFi.mode === 'error'))(
    '$name: a kept tap is retried with backoff, not in a burst',
    async ({ server, route, lieFi }) => {
      const { page } = await signedInContext()
      await breakRoute(server, route, lieFi)
      const before = await callCount(route, server)

      await page.goto(appUrl + TAP)
      await page.getByTestId('tap-kept').waitFor({ timeout: REFRESH_DEADLINE_MS })
      await new Promise((resolve) => setTimeout(resolve, RETRY_WINDOW_MS))
      expect(
        (await callCount(route, server)) - before,
        `calls of ${route} while it failed`,
      ).toBeLessThanOrEqual(MAX_CALLS_IN_RETRY_WINDOW)
      await expectStillSignedIn(page)
    },
    TEST_TIMEOUT_MS,
  )
})

describe('a refresh on lie-fi', () => {
  // One holder through the four faults in turn: each ends as it began, the service back, the
  // list fresh and the status "Updated" (the stack's reset before each test keeps the session).
  const holder = suite.sharedSignedIn({ prepare: watchEventList })

  it.each(FAULTS)(
    '$name: the list stays, the status says so, Refreshing… ends, nobody is signed out',
    async ({ server, route, lieFi }) => {
      const { page } = await holder()
      await expectEventsHome(page)
      await cantReachBadge(page).waitFor({ state: 'detached' })
      const names = await page.getByTestId('event-card').allTextContents()
      await resetListWatch(page)
      await breakRoute(server, route, lieFi)

      await refreshButton(page).click()
      // The failure is told, and the button is back, within one refresh's deadlines.
      await expect
        .poll(async () => (await cantReachBadge(page).count()) === 1 && refreshAvailable(page), {
          message: '“Can’t reach” shown once and Refresh offered again',
          timeout: REFRESH_DEADLINE_MS,
          interval: 100,
        })
        .toBe(true)
      expect(await page.getByTestId('event-card').allTextContents()).toEqual(names)
      expect(await listWentMissing(page)).toBe(false)
      await expectEventsHome(page)
      await expectStillSignedIn(page)

      // Back: the next Refresh brings a new list and clears the status.
      const fetchedAt = await listFetchedAt(page)
      await clearFaults()
      await refreshButton(page).click()
      await expect
        .poll(() => listFetchedAt(page), {
          message: 'the list fetched again once the service is back',
          timeout: REFRESH_DEADLINE_MS,
        })
        .toBeGreaterThan(fetchedAt)
      await cantReachBadge(page).waitFor({ state: 'detached', timeout: REFRESH_DEADLINE_MS })
      expect(await statusLine(page).textContent()).toMatch(/^\s*Updated/)
      expect(await listWentMissing(page)).toBe(false)
    },
    TEST_TIMEOUT_MS,
  )
})

describe('a sign-in on lie-fi', () => {
  it.each([
    {
      name: 'a provider that never answers',
      lieFi: { mode: 'hang' } as LieFi,
      message: 'The sign-in service is not answering. Check your connection and try again.',
    },
    {
      // A failing service, whatever its body says: the holder hears that, not its inner words.
      name: 'a provider answering 503',
      lieFi: { mode: 'error', status: 503 } as LieFi,
      message: /sign-in service/,
    },
  ])(
    '$name: a clear message within the deadline, the form usable, and a retry works',
    async ({ lieFi, message }) => {
      const { page } = await suite.installed()
      await page.goto(appUrl + '/auth/email')
      await breakRoute('provider', OTP_SEND, lieFi)

      const email = newEmail()
      await page.getByLabel('Email').fill(email)
      const send = page.getByRole('button', { name: 'Send code' })
      await send.click()
      const alert = page.getByRole('alert')
      await alert.waitFor({ timeout: SIGN_IN_DEADLINE_MS })
      expect.soft(await alert.textContent()).toMatch(message)
      expect(await send.isEnabled()).toBe(true)
      expect(await page.getByLabel('Email').inputValue()).toBe(email)

      await clearFaults()
      await send.click()
      const codeField = page.getByLabel('6-digit code')
      await codeField.waitFor({ timeout: SIGN_IN_DEADLINE_MS })
      const { code } = await latestMessage(email, 'otp')
      await codeField.fill(code ?? '')
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.waitForURL(appUrl + '/')
      await expectEventsHome(page)
    },
    TEST_TIMEOUT_MS,
  )
})
