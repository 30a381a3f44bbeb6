/**
 * "Refreshing…" in real Chromium: a normal refresh shows it and ends it; a worker the browser
 * stops mid-call (its end never announced) leaves no tab stuck on it past the recheck deadline.
 */
import { describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import {
  CHANNEL_NAME,
  PROTOCOL_VERSION,
  WORKER_MESSAGE,
  type StatusMessage,
} from '../src/core/protocol.ts'
import { browserSuite } from './support/browser-suite.ts'
import {
  armFault,
  callCount,
  expectEventsHome,
  patchEngineSession,
  readEngineState,
} from './support/stack.ts'
import { appUrl } from './support/test-stack.ts'
import { appTiming, scaled, waitingFor } from './support/deadline.ts'

const AUTHENTICATE = '/sdk/v1/sessions/authenticate'
/**
 * The recheck deadline (the browser-test build's, src/config/timing.ts), plus a worker start and
 * one answer: the most a stuck tab may wait.
 */
const DEADLINE_MS = appTiming.refreshingRecheckMs + scaled(5_000)
/** Sign-in and the rest of a test around one wait of up to DEADLINE_MS. */
const TEST_TIMEOUT_MS = DEADLINE_MS + scaled(60_000)

const suite = browserSuite()

const refreshButton = (page: Page) => page.getByRole('button', { name: 'Refresh', exact: true })
const refreshingButton = (page: Page) => page.getByRole('button', { name: 'Refreshing…' })

/** True once the page offers Refresh again and shows no "Refreshing…". */
async function refreshAvailable(page: Page): Promise<boolean> {
  return (
    (await refreshButton(page)
      .isEnabled()
      .catch(() => false)) && (await page.getByText('Refreshing…').count()) === 0
  )
}

/** Waits until a refresh is under way in `page`: "Refreshing…", disabled. */
async function expectRefreshing(page: Page): Promise<void> {
  await refreshingButton(page).waitFor()
  expect(await refreshingButton(page).isDisabled()).toBe(true)
}

/** Polls until `page` offers Refresh again, for at most the deadline; returns how long it took. */
async function timeUntilRefreshAvailable(page: Page): Promise<number> {
  const start = Date.now()
  await expect
    .poll(() => refreshAvailable(page), {
      message: 'Refresh offered again',
      timeout: DEADLINE_MS,
      interval: 100,
    })
    .toBe(true)
  return Date.now() - start
}

/** Stops the service worker through the DevTools protocol, mid-call or not, and waits until it has. */
async function stopWorker(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page)
  let stopped = false
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    if (versions.some((version) => version.runningStatus === 'stopped')) stopped = true
  })
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.stopAllWorkers')
  await expect.poll(() => stopped, waitingFor('the worker stopped')).toBe(true)
  await cdp.detach()
}

/** Starts recording, in `page`, the status messages broadcast to every tab. */
async function recordStatusBroadcasts(page: Page): Promise<void> {
  await page.evaluate(
    ({ name, status }) => {
      const seen: { at: number; refreshing: unknown }[] = []
      const channel = new BroadcastChannel(name)
      channel.onmessage = (event: MessageEvent<{ type?: unknown; refreshing?: unknown }>) => {
        if (event.data.type === status)
          seen.push({ at: Date.now(), refreshing: event.data.refreshing })
      }
      Object.assign(window, { statusRecording: { channel, seen } })
    },
    { name: CHANNEL_NAME, status: WORKER_MESSAGE.status },
  )
}

/** The status broadcasts recorded in `page` since `since` (epoch ms). */
function statusBroadcastsSince(page: Page, since: number) {
  return page.evaluate((after) => {
    const { seen } = (
      window as unknown as { statusRecording: { seen: { at: number; refreshing: unknown }[] } }
    ).statusRecording
    return seen.filter((entry) => entry.at >= after).map((entry) => entry.refreshing)
  }, since)
}

describe('refreshing status', () => {
  it('a normal refresh shows Refreshing…, then offers Refresh again', async () => {
    const { page } = await suite.signedIn()
    const before = await callCount(AUTHENTICATE)
    // Slow enough to see, well inside the provider timeout.
    const delayMs = appTiming.providerTimeoutMs / 3
    await armFault('provider', { route: AUTHENTICATE, count: 1, mode: 'slow', delayMs })

    await refreshButton(page).click()
    await expectRefreshing(page)
    const ms = await timeUntilRefreshAvailable(page)
    console.log(`a normal refresh showed Refreshing… for ${ms} ms after it appeared`)
    expect(await callCount(AUTHENTICATE)).toBe(before + 1)
    await expectEventsHome(page)
  })

  it(
    'a worker stopped mid-refresh leaves no tab on Refreshing… past the deadline',
    async () => {
      const { context, page } = await suite.signedIn()
      const other = await context.newPage()
      await other.goto(appUrl + '/')
      await expectEventsHome(other)
      await recordStatusBroadcasts(other)
      const before = await callCount(AUTHENTICATE)
      await armFault('provider', { route: AUTHENTICATE, count: 1, mode: 'hang' })

      await refreshButton(page).click()
      await Promise.all([expectRefreshing(page), expectRefreshing(other)])
      // The call has reached the provider and hangs there: the worker is mid-call.
      await expect
        .poll(() => callCount(AUTHENTICATE), waitingFor('the hanging re-authentication'))
        .toBe(before + 1)

      // As if the holder had signed in just now: the restarted worker's first page load is then
      // no reason for a call of its own (on a slow machine a minute may have passed since the
      // sign-in), so the count below is the second Refresh's alone.
      await patchEngineSession(page, { lastAuthAt: Date.now() })
      await stopWorker(context, page)
      const stoppedAt = Date.now()

      const ms = await Promise.all([page, other].map((tab) => timeUntilRefreshAvailable(tab)))
      console.log(`tabs offered Refresh again ${ms.join(' ms, ')} ms after the worker stopped`)
      // The worker that started next told every tab it was not refreshing.
      expect(await statusBroadcastsSince(other, stoppedAt)).toContain(false)
      // The call never ended (a timeout would have scheduled a retry): the worker was stopped in it.
      expect((await readEngineState(page))?.session).toMatchObject({ backoffAttempt: 0 })

      // The new worker refreshes as usual (the stopped one's lock went with it).
      await refreshButton(other).click()
      await expect
        .poll(
          () => callCount(AUTHENTICATE),
          waitingFor('the re-authentication of the second Refresh'),
        )
        .toBe(before + 2)
      await Promise.all([page, other].map((tab) => timeUntilRefreshAvailable(tab)))
      await expectEventsHome(other)
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'a tab whose Refreshing… never ends asks the worker again within the deadline',
    async () => {
      const { page } = await suite.signedIn()
      // A "refreshing" whose end never comes, while the worker itself is awake and idle: only
      // the tab's own recheck can end it.
      const stuck: StatusMessage = {
        v: PROTOCOL_VERSION,
        type: WORKER_MESSAGE.status,
        online: true,
        refreshing: true,
        pendingTaps: [],
        wakeAt: null,
      }
      await page.evaluate(
        ({ name, message }) => {
          const channel = new BroadcastChannel(name)
          channel.postMessage(message)
          channel.close()
        },
        { name: CHANNEL_NAME, message: stuck },
      )
      await expectRefreshing(page)

      const ms = await timeUntilRefreshAvailable(page)
      console.log(`the tab asked again and offered Refresh after ${ms} ms`)
      await expectEventsHome(page)
    },
    TEST_TIMEOUT_MS,
  )
})
