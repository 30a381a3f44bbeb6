/**
 * Background Sync and Periodic Background Sync with no page of the app open: the browser fires
 * the events (through the DevTools protocol here) at a stopped worker, which settles the taps
 * kept while the service failed, or refreshes the session and list, under the schedule's rules.
 */
import { describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { PERIODIC_SYNC_TAG, TAP_SYNC_TAG } from '../src/core/constants.ts'
import { browserSuite } from './support/browser-suite.ts'
import { watchAppWorker, type AppWorker } from './support/service-worker-cdp.ts'
import {
  addEvent,
  endSessionAtProvider,
  breakRoute,
  callCount,
  clearFaults,
  expectEventsHome,
  patchEngineSession,
  readEngineState,
  resetStack,
} from './support/stack.ts'
import { appUrl } from './support/test-stack.ts'
import { appTiming, scaled, waitingFor } from './support/deadline.ts'

const AUTHENTICATE = '/sdk/v1/sessions/authenticate'
const EVENTS = '/api/poap-events'
const QUERY = '?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'

const suite = browserSuite()

interface EngineRecord {
  session: { userId: string; lastAuthAt: number; nextDueAt: number; backoffAttempt: number } | null
  events: { fetchedAt: number; events: { name: string }[] } | null
  tapQueue: { taps: { query: string; userId: string }[]; attempt: number }
}

const record = (state: Record<string, unknown> | null) => state as unknown as EngineRecord
const eventNames = (state: Record<string, unknown> | null) =>
  record(state).events?.events.map((event) => event.name) ?? []

/** The page's Background Sync tags (the registration's `sync` exists in headless Chromium). */
const syncTags = (page: Page) =>
  page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.ready) as unknown as {
      sync: { getTags(): Promise<string[]> }
    }
    return registration.sync.getTags()
  })

/**
 * A signed-in holder taps while the provider answers 503 (armed for good): the page says the tap
 * is saved, and has asked for Background Sync.
 */
async function tapKeptWhileProviderFails() {
  const { context, page } = await suite.signedIn()
  await breakRoute('provider', AUTHENTICATE, { mode: 'error', status: 503 })
  await page.goto(appUrl + '/tap' + QUERY)
  await page.getByTestId('tap-kept').waitFor()
  expect(record(await readEngineState(page)).tapQueue.taps.map((tap) => tap.query)).toEqual([QUERY])
  await expect
    .poll(() => syncTags(page), waitingFor('the kept tap’s Background Sync registration'))
    .toContain(TAP_SYNC_TAG)
  return { context, page }
}

/** Waits for the one refresh a wake should make: one re-authentication and one events call. */
async function expectOneRefresh(): Promise<void> {
  await expect
    .poll(() => callCount(AUTHENTICATE), {
      message: 'the re-authentication of the kept tap',
      timeout: scaled(10_000),
    })
    .toBe(1)
  await expect
    .poll(() => callCount(EVENTS, 'cards'), {
      message: 'the list fetched after it',
      timeout: scaled(10_000),
    })
    .toBe(1)
}

/** Closes the app's only page and stops its worker: the app is closed, the browser idle. */
async function closeApp(context: BrowserContext, page: Page): Promise<AppWorker> {
  const worker = await watchAppWorker(context, appUrl)
  await page.close()
  await worker.stop()
  return worker
}

describe('Background Sync with no page open', () => {
  it('settles a tap kept while the provider failed: re-authenticates, fetches, forgets the tap', async () => {
    const { context, page } = await tapKeptWhileProviderFails()
    const name = 'Settled While Closed'
    await addEvent(page, name)
    const worker = await closeApp(context, page)
    // The provider is back (call counts start over too); nothing runs until the browser says so.
    await clearFaults()

    await worker.dispatchSync(TAP_SYNC_TAG)
    await expectOneRefresh()
    await expect
      .poll(async () => record(await worker.readEngineState()).tapQueue.taps, {
        message: 'the tap left in the worker’s queue',
        timeout: scaled(10_000),
      })
      .toEqual([])
    expect(eventNames(await worker.readEngineState())).toContain(name)

    // Opened again, the app shows the list the worker fetched, with nothing pending.
    const reopened = await context.newPage()
    await reopened.goto(appUrl + '/')
    await expectEventsHome(reopened)
    await reopened.getByTestId('event-card').filter({ hasText: name }).waitFor()
    expect(await reopened.getByTestId('pending-taps').count()).toBe(0)
    expect(record(await readEngineState(reopened)).tapQueue.taps).toEqual([])
    // The sync did it: opening the app called nothing more.
    expect(await callCount(AUTHENTICATE)).toBe(1)
    expect(await callCount(EVENTS, 'cards')).toBe(1)
  })

  it('keeps the tap, and the holder signed in, when the provider still fails', async () => {
    const { context, page } = await tapKeptWhileProviderFails()
    const userId = record(await readEngineState(page)).session?.userId
    const worker = await closeApp(context, page)
    // Started with no event, so the record can be read before the sync and nothing else runs.
    await worker.start()
    const before = record(await worker.readEngineState())
    const calls = await callCount(AUTHENTICATE)
    const eventCalls = await callCount(EVENTS, 'cards')

    // The DevTools protocol answers the dispatch at once and never says how the handler ended:
    // the worker's rejection (asking the browser to retry) cannot be seen from here.
    await worker.dispatchSync(TAP_SYNC_TAG)
    await expect
      .poll(() => callCount(AUTHENTICATE), {
        message: 'one more re-authentication',
        timeout: scaled(10_000),
      })
      .toBe(calls + 1)
    await expect
      .poll(async () => record(await worker.readEngineState()).tapQueue.attempt, {
        message: 'the tap’s retry counted',
        timeout: scaled(10_000),
      })
      .toBe(before.tapQueue.attempt + 1)
    const after = record(await worker.readEngineState())
    expect(after.tapQueue.taps.map((tap) => tap.query)).toEqual([QUERY])
    expect(after.session?.userId).toBe(userId)
    expect(after.session?.backoffAttempt).toBeGreaterThan(0)
    expect(await callCount(EVENTS, 'cards')).toBe(eventCalls)

    // Opened again, still offline from the service: signed in, the list and the saved tap shown.
    const reopened = await context.newPage()
    await reopened.goto(appUrl + '/')
    await expectEventsHome(reopened)
    await reopened.getByTestId('pending-taps').waitFor()
    expect(await reopened.getByText('1 card tap is saved').count()).toBe(1)
    expect(record(await readEngineState(reopened)).session?.userId).toBe(userId)
  })
})

describe('Periodic Background Sync with no page open', () => {
  it('right after sign-in: no call (the minimum gap between authentications)', async () => {
    const { context, page } = await suite.signedIn()
    const lastAuthAt = record(await readEngineState(page)).session?.lastAuthAt
    const worker = await closeApp(context, page)
    // Call counts start over.
    await resetStack()
    // Started with no event, so that the work of the event below can be watched from its start.
    await worker.start()
    await worker.trackEvents()

    await worker.dispatchPeriodicSync(PERIODIC_SYNC_TAG)
    // Whatever the worker does with the event, it has done once the event's work has ended.
    await worker.eventsSettled()
    expect(await callCount(AUTHENTICATE)).toBe(0)
    expect(await callCount(EVENTS, 'cards')).toBe(0)
    expect(record(await worker.readEngineState()).session?.lastAuthAt).toBe(lastAuthAt)
  })

  it('over a minute after sign-in: re-authenticates and fetches the list', async () => {
    const { context, page } = await suite.signedIn()
    const name = 'Refreshed While Closed'
    await addEvent(page, name)
    // As if the minimum gap had passed since the sign-in (the next scheduled call stays ahead, so
    // only a wake that counts as a visit may call).
    const signedInAt = record(await readEngineState(page)).session?.lastAuthAt ?? 0
    await patchEngineSession(page, { lastAuthAt: signedInAt - appTiming.reauthMinGapMs - 1000 })
    const before = record(await readEngineState(page))
    const lastAuthAt = before.session?.lastAuthAt ?? 0
    expect(before.session?.nextDueAt).toBeGreaterThan(Date.now())
    const worker = await closeApp(context, page)
    await resetStack()

    await worker.dispatchPeriodicSync(PERIODIC_SYNC_TAG)
    await expectOneRefresh()
    await expect
      .poll(async () => eventNames(await worker.readEngineState()), {
        message: 'the list with the added event in the worker’s record',
        timeout: scaled(10_000),
      })
      .toContain(name)
    const after = record(await worker.readEngineState())
    expect(after.session?.lastAuthAt).toBeGreaterThan(lastAuthAt)
    expect(after.session?.userId).toBe(before.session?.userId)

    const reopened = await context.newPage()
    await reopened.goto(appUrl + '/')
    await expectEventsHome(reopened)
    await reopened.getByTestId('event-card').filter({ hasText: name }).waitFor()
  })

  it('a session the provider ended: signed out with no page open, and the next open forgets the holder', async () => {
    const { context, page } = await suite.signedIn()
    // What a holder's wallet leaves in the page's storage (wagmi's connection state).
    await page.evaluate(() =>
      localStorage.setItem('wagmi.store', '{"state":{"current":"iyk-test-wallet"}}'),
    )
    const signedInAt = record(await readEngineState(page)).session?.lastAuthAt ?? 0
    await patchEngineSession(page, { lastAuthAt: signedInAt - appTiming.reauthMinGapMs - 1000 })
    const worker = await closeApp(context, page)
    await resetStack()
    await endSessionAtProvider()

    await worker.dispatchPeriodicSync(PERIODIC_SYNC_TAG)
    await expect
      .poll(async () => record(await worker.readEngineState())?.session ?? null, {
        message: 'the session gone from the worker’s record',
        timeout: scaled(10_000),
      })
      .toBeNull()

    const reopened = await context.newPage()
    await reopened.goto(appUrl + '/')
    await reopened.getByRole('heading', { name: 'Your events, one tap away', level: 1 }).waitFor()
    await expect
      .poll(
        () => reopened.evaluate(() => localStorage.getItem('wagmi.store')),
        waitingFor('the wallet’s store gone from the reopened page'),
      )
      .toBeNull()
    // The markers agree now: the next load paints the signed-out frame from the start.
    const markers = await reopened.evaluate(() => [
      Number(localStorage.getItem('signin-event')),
      Number(localStorage.getItem('signout-event')),
    ])
    expect(markers[1]).toBeGreaterThan(markers[0] ?? 0)
  })
})
