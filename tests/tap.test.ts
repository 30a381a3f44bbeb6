/**
 * The tap journeys in real Chromium against the production build and the local stack: a valid
 * and an invalid link, sign-in from a tap and back to it, one refresh per signed-in tap with what
 * it brought, and a tap made offline kept by the session engine until the network returns.
 */
import { describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { collectErrors } from './support/browser.ts'
import { browserSuite } from './support/browser-suite.ts'
import { trackAppWorker, type AppWorker } from './support/service-worker-cdp.ts'
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
} from './support/stack.ts'
import { appUrl } from './support/test-stack.ts'
import { signOut } from './support/holder.ts'
import { scaled, waitingFor } from './support/deadline.ts'

const AUTHENTICATE = '/sdk/v1/sessions/authenticate'
const POAP_EVENTS = '/api/poap-events'
const TAP = '/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'
const QUERY = TAP.slice('/tap'.length)
/** Time for the tab and the worker to hear the network is back, and for one refresh. */
const SETTLE_TIMEOUT_MS = scaled(20_000)

const suite = browserSuite()

async function newPage() {
  const context = await suite.newContext()
  return { context, page: await context.newPage() }
}

/**
 * No network, for the page and for the worker: `setOffline` cuts the page off but may not cover
 * the worker's own fetches, so both stand-ins also refuse the worker's calls until `goOnline`.
 */
async function goOffline(context: BrowserContext): Promise<void> {
  await breakRoute('provider', AUTHENTICATE, { mode: 'error', status: 503 })
  await breakRoute('cards', POAP_EVENTS, { mode: 'error', status: 503 })
  await context.setOffline(true)
}

/** The network is back, for the worker first (faults cleared, call counts from 0), then the page. */
async function goOnline(context: BrowserContext): Promise<void> {
  await clearFaults()
  await context.setOffline(false)
}

/**
 * Signed in, then a tap made offline: the page says it is saved; the context is still offline.
 * The worker notes the work of every event from the sign-in on.
 */
async function tapSavedOffline() {
  const { context, page } = await suite.signedIn()
  const worker = await trackAppWorker(page, appUrl)
  await goOffline(context)
  await page.goto(appUrl + TAP)
  await page
    .getByTestId('tap-kept')
    .getByText("You're offline. This tap is saved on your phone and will be added to your events")
    .waitFor({ timeout: SETTLE_TIMEOUT_MS })
  return { context, page, worker }
}

/** The refresh result: the new events, or "Nothing new yet." */
const refreshResult = (page: Page) =>
  page.getByText('Nothing new yet.').or(page.getByTestId('tap-new-events'))

/** Names of the IndexedDB databases the page's origin holds. */
const databaseNames = (page: Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name))

/**
 * After a tap was settled: once the work of every event the worker was sent has ended (whatever
 * those events made it do, it has done), the tap is still gone, and at most two
 * re-authentications were made since the faults were cleared (one refresh; two when a retry the
 * worker had already scheduled crosses the tab's "back online" refresh). Exact counts depend on
 * timing.
 */
async function expectSettledOnce(page: Page, worker: AppWorker): Promise<void> {
  await worker.eventsSettled()
  expect(await readPendingTaps(page)).toEqual([])
  expect(await callCount(AUTHENTICATE)).toBeGreaterThanOrEqual(1)
  expect(await callCount(AUTHENTICATE)).toBeLessThanOrEqual(2)
}

describe('the link', () => {
  it('says what happens next, with the card data folded away for support', async () => {
    const { page } = await newPage()
    const errors = collectErrors(page)
    await page.goto(appUrl + TAP)
    const card = page.getByTestId('tap-details')
    const summary = card.getByText('Card details for support')
    await summary.waitFor()
    expect(await card.locator('code').first().isVisible()).toBe(false)
    await summary.click()
    expect(await card.textContent()).toContain('Signed link (uid, ctr, cmac)')
    for (const value of ['041E3C8A2D6B80', '000006', '4B00064004B0B3D3']) {
      await card.locator('code', { hasText: value }).waitFor()
    }
    // Anonymous: the way to collect it; no Web NFC in desktop Chromium, so no Scan card.
    await page.getByRole('link', { name: 'Sign in to collect' }).waitFor()
    expect(await page.getByRole('button', { name: 'Scan card' }).count()).toBe(0)
    expect(new URL(page.url()).search).toBe(QUERY)
    expect(errors).toEqual([])
  })

  it('says plainly when a link is not a valid tap, with a way home', async () => {
    const { page } = await newPage()
    await page.goto(appUrl + '/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=NOTHEX0000000000')
    const alert = page.getByRole('alert')
    await alert.filter({ hasText: "This link isn't a valid card tap" }).waitFor()
    expect(await alert.textContent()).toContain('“cmac” is not a hexadecimal code.')
    expect(await page.getByTestId('tap-details').count()).toBe(0)
    await page.getByRole('link', { name: 'Back to home' }).click()
    await page.waitForURL(appUrl + '/')
    await page.getByRole('heading', { name: 'Your events, one tap away', level: 1 }).waitFor()
  })
})

describe('collecting a tap', () => {
  it('anonymous: sign in, then back on the same tap, recognised and refreshed', async () => {
    const { page } = await suite.installed()
    await page.goto(appUrl + TAP)
    await page.getByRole('link', { name: 'Sign in to collect' }).click()
    await page.waitForURL((url) => url.pathname === '/auth/email')
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(TAP)

    const email = newEmail()
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send code' }).click()
    const { code } = await latestMessage(email, 'otp')
    await page.getByLabel('6-digit code').fill(code ?? '')
    await page.getByRole('button', { name: 'Sign in' }).click()

    await page.waitForURL(appUrl + TAP)
    await page.getByText('Card details for support').waitFor()
    await page.getByRole('link', { name: 'Account' }).waitFor()
    await refreshResult(page).waitFor()
  })

  it('anonymous by magic link: the tap stays on the device, never in the email, and is back after', async () => {
    const { page } = await suite.installed()
    await page.goto(appUrl + TAP)
    await page.getByRole('link', { name: 'Sign in to collect' }).click()
    const email = newEmail()
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send code' }).click()
    await page.getByRole('button', { name: 'Email me a sign-in link instead' }).click()
    await page.getByText('We emailed a sign-in link').waitFor()

    // The provider (and the mailbox) get a link with no trace of the card: the one registered
    // redirect URL, with a token in the provider's format (44 characters, `=` sent as %3D).
    const { link } = await latestMessage(email, 'magic_link')
    for (const value of ['041E3C8A2D6B80', '4B00064004B0B3D3', 'uid=', 'cmac=', '/tap']) {
      expect(decodeURIComponent(link ?? '')).not.toContain(value)
    }
    expect(link).toMatch(
      new RegExp(`^${appUrl}/auth/email\\?stytch_token_type=magic_links&token=[\\w-]{43}%3D$`),
    )
    await page.goto(link ?? '')
    await page.waitForURL(appUrl + TAP)
    await page.getByText('Card details for support').waitFor()
    await refreshResult(page).waitFor()
  })

  it('signed in: one re-authentication per tap, and the events it brought', async () => {
    const { page } = await suite.signedIn()
    const name = await addEvent(page, 'Tapped Into Berlin')
    const worker = await trackAppWorker(page, appUrl)
    const before = await callCount(AUTHENTICATE)

    await page.goto(appUrl + TAP)
    const added = page.getByTestId('tap-new-events')
    await added.waitFor()
    expect(await added.textContent()).toContain(name)
    expect(await added.getByRole('listitem').count()).toBe(1)
    expect(await callCount(AUTHENTICATE)).toBe(before + 1)
    // Nothing more follows: once the work of every event of the tap's page load has ended.
    await worker.eventsSettled()
    expect(await callCount(AUTHENTICATE)).toBe(before + 1)
  })

  it('offline: the tap is kept by the engine, then settled and its event shown when the network is back', async () => {
    const { context, page, worker } = await tapSavedOffline()
    const userId = ((await readEngineState(page))?.session as { userId: string }).userId
    expect(await readPendingTaps(page)).toEqual([
      { query: QUERY, userId, savedAt: expect.any(Number) as number },
    ])
    // The page keeps no copy of its own (earlier versions had a database for it).
    expect(await databaseNames(page)).not.toContain('iyk-cards-taps')
    const name = await addEvent(page, 'Tapped Into Lisbon')

    await goOnline(context)
    const added = page.getByTestId('tap-new-events')
    await added.waitFor({ timeout: SETTLE_TIMEOUT_MS })
    expect(await added.textContent()).toContain(name)
    expect(await page.getByTestId('tap-kept').count()).toBe(0)
    await expect
      .poll(() => readPendingTaps(page), {
        message: 'no tap left pending',
        timeout: SETTLE_TIMEOUT_MS,
      })
      .toEqual([])
    await expectSettledOnce(page, worker)
  })

  it('offline: a tap kept on /tap is settled on whatever page is open when the network is back', async () => {
    const { context, page, worker } = await tapSavedOffline()
    // Leave the tap page while still offline: the home page is open when the network returns.
    await page.goto(appUrl + '/')
    await expectEventsHome(page)
    await page.getByTestId('events-age').getByText('Offline', { exact: true }).waitFor()
    const pending = page.getByTestId('pending-taps')
    expect(await pending.textContent()).toBe(
      '1 card tap is saved and will be added when the connection is back.',
    )
    expect(await readPendingTaps(page)).toMatchObject([{ query: QUERY }])
    const name = await addEvent(page, 'Tapped Into Porto')

    await goOnline(context)
    await pending.waitFor({ state: 'detached', timeout: SETTLE_TIMEOUT_MS })
    const event = page.getByTestId('event-card').filter({ hasText: name })
    await event.waitFor({ timeout: SETTLE_TIMEOUT_MS })
    expect(await event.count()).toBe(1)
    expect(await page.getByTestId('events-age').getByText('Offline', { exact: true }).count()).toBe(
      0,
    )
    await expect
      .poll(() => readPendingTaps(page), {
        message: 'no tap left pending',
        timeout: SETTLE_TIMEOUT_MS,
      })
      .toEqual([])
    await expectSettledOnce(page, worker)
  })

  it('sign-out forgets a tap kept offline', async () => {
    const { page } = await tapSavedOffline()
    await signOut(page)
    await expect
      .poll(
        async () => (await readEngineState(page))?.session,
        waitingFor('the session gone from the record'),
      )
      .toBeNull()
    expect(await readPendingTaps(page)).toEqual([])
  })
})
