/**
 * Drives the app's service worker through the Chrome DevTools Protocol while no page of the app
 * is open: stop and start it, fire Background Sync and Periodic Background Sync events, and read
 * its session record from inside the worker.
 */
import { expect } from 'vitest'
import type { BrowserContext, CDPSession, Page, Worker } from 'playwright-core'
import { patchSessionInBrowser, readEngineState } from './stack.ts'
import { scaled, within } from './deadline.ts'

/** The parts of the protocol's records read here (playwright-core does not export its types). */
interface Registration {
  registrationId: string
  scopeURL: string
  isDeleted: boolean
}
interface Version {
  versionId: string
  registrationId: string
  runningStatus: string
  status: string
}
interface DispatchLog {
  service: string
  instanceId: string
}
type SyncService = 'backgroundSync' | 'periodicBackgroundSync'

/** The app's worker in one browser context, seen from an about:blank page of that context. */
export interface AppWorker {
  /** Stops the worker, as the browser does once the app is closed, and waits until it has. */
  stop(): Promise<void>
  /** Starts the worker with no event to handle (its script runs; nothing wakes the engine). */
  start(): Promise<void>
  /** Fires `sync` with `tag`; resolves once the browser has dispatched it to the worker. */
  dispatchSync(tag: string, lastChance?: boolean): Promise<void>
  /** Fires `periodicsync` with `tag`; resolves once the browser has dispatched it to the worker. */
  dispatchPeriodicSync(tag: string): Promise<void>
  /** The session engine's record, read inside the running worker (no page of the app needed). */
  readEngineState(): Promise<Record<string, unknown> | null>
  /**
   * Overwrites fields of the stored session inside the running worker, as `patchEngineSession`
   * does from a page: with no page of the app open, nothing wakes the engine on the change.
   */
  patchSession(fields: Record<string, number>): Promise<void>
  /**
   * Starts noting, in the running worker, every event it extends (`waitUntil`, `respondWith`):
   * call it before the events whose work `eventsSettled` is to wait for.
   */
  trackEvents(): Promise<void>
  /**
   * Resolves once the work of every event noted since `trackEvents` has ended, however it ended:
   * whatever those events made the worker do, it has done. Fails if the worker was restarted
   * since, or noted no event (then the tracking did not take, and there would be nothing to wait for).
   */
  eventsSettled(): Promise<void>
}

/** Where `trackEvents` keeps the noted events' work in the worker. */
const TRACKED = '__trackedEventWork'

/**
 * Watches the worker registered for `appUrl` in `context`. ServiceWorker commands need a page
 * target (the browser target has no ServiceWorker domain), so this opens an about:blank page,
 * which is no page of the app: the worker has no client while the app's own pages are closed.
 */
export async function watchAppWorker(context: BrowserContext, appUrl: string): Promise<AppWorker> {
  const origin = new URL(appUrl).origin
  const observer = await context.newPage()
  const cdp = await context.newCDPSession(observer)
  const registrations = new Map<string, Registration>()
  const versions = new Map<string, Version>()
  const dispatched: DispatchLog[] = []
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
    for (const registration of event.registrations) {
      registrations.set(registration.registrationId, registration)
    }
  })
  cdp.on('ServiceWorker.workerVersionUpdated', (event) => {
    for (const version of event.versions) versions.set(version.versionId, version)
  })
  cdp.on('BackgroundService.backgroundServiceEventReceived', (event) => {
    dispatched.push(event.backgroundServiceEvent)
  })
  await cdp.send('ServiceWorker.enable')
  // The browser logs each event it dispatches to a worker (never how the worker's handler ended).
  for (const service of ['backgroundSync', 'periodicBackgroundSync'] as const) {
    await cdp.send('BackgroundService.startObserving', { service })
    await cdp.send('BackgroundService.setRecording', { service, shouldRecord: true })
  }

  const registration = () =>
    [...registrations.values()].find((r) => r.scopeURL === `${origin}/` && !r.isDeleted)
  await expect
    .poll(() => registration() !== undefined, {
      message: 'the app’s worker registered',
      timeout: scaled(10_000),
    })
    .toBe(true)
  const registrationId = (registration() as Registration).registrationId
  const ownVersions = () =>
    [...versions.values()].filter(
      (version) => version.registrationId === registrationId && version.status !== 'redundant',
    )

  /** Fires an event with `send`, then waits for the browser's "Dispatched …" log of it. */
  async function dispatch(
    service: SyncService,
    tag: string,
    send: (cdp: CDPSession) => Promise<unknown>,
  ): Promise<void> {
    const appPages = context.pages().filter((page) => page.url().startsWith(origin))
    expect(
      appPages.map((page) => page.url()),
      'pages of the app still open',
    ).toEqual([])
    const seen = dispatched.length
    await send(cdp)
    await expect
      .poll(
        () =>
          dispatched
            .slice(seen)
            .some((event) => event.service === service && event.instanceId === tag),
        { message: 'the background event dispatched to the worker', timeout: scaled(10_000) },
      )
      .toBe(true)
  }

  /** The running worker's Playwright handle (a stopped one is gone from the context's list). */
  async function runningWorker(): Promise<Worker> {
    let found: Worker | undefined
    await expect
      .poll(
        () => {
          found = context.serviceWorkers().find((worker) => worker.url().startsWith(origin))
          return found !== undefined
        },
        { message: 'the app’s worker running', timeout: scaled(10_000) },
      )
      .toBe(true)
    return found as Worker
  }

  return {
    async stop() {
      // Asked again on every poll: the browser may start the worker once more as the last page
      // closes (a late message or fetch), after the first stop.
      await expect
        .poll(
          async () => {
            const running = ownVersions().filter((version) => version.runningStatus !== 'stopped')
            // A poll waits for its callback whatever its timeout: each call has its own deadline.
            for (const version of running) {
              await within(
                cdp.send('ServiceWorker.stopWorker', { versionId: version.versionId }),
                'ServiceWorker.stopWorker',
              ).catch(() => {})
            }
            return running.length === 0
          },
          { timeout: scaled(20_000), interval: 250, message: "the app's worker stopped" },
        )
        .toBe(true)
    },
    async start() {
      await within(
        cdp.send('ServiceWorker.startWorker', { scopeURL: `${origin}/` }),
        'ServiceWorker.startWorker',
      )
      await expect
        .poll(() => ownVersions().some((version) => version.runningStatus === 'running'), {
          timeout: scaled(10_000),
          message: "the app's worker running",
        })
        .toBe(true)
    },
    dispatchSync: (tag, lastChance = false) =>
      dispatch('backgroundSync', tag, (session) =>
        session.send('ServiceWorker.dispatchSyncEvent', {
          origin,
          registrationId,
          tag,
          lastChance,
        }),
      ),
    dispatchPeriodicSync: (tag) =>
      dispatch('periodicBackgroundSync', tag, (session) =>
        session.send('ServiceWorker.dispatchPeriodicSyncEvent', { origin, registrationId, tag }),
      ),
    async readEngineState() {
      return readEngineState(await runningWorker())
    },
    async patchSession(fields) {
      await (await runningWorker()).evaluate(patchSessionInBrowser, fields)
    },
    async trackEvents() {
      const worker = await runningWorker()
      await worker.evaluate((key) => {
        /** An event class of the worker's scope whose `method` takes the event's work. */
        type Extends = { prototype: Record<string, (this: unknown, work: unknown) => void> }
        const scope = self as unknown as Record<string, unknown> & {
          ExtendableEvent: Extends
          FetchEvent: Extends
        }
        const work: Promise<unknown>[] = []
        scope[key] = work
        const wrap = (events: Extends, method: string) => {
          const original = events.prototype[method] as (this: unknown, work: unknown) => void
          events.prototype[method] = function (done) {
            work.push(Promise.resolve(done).catch(() => {}))
            original.call(this, done)
          }
        }
        wrap(scope.ExtendableEvent, 'waitUntil')
        wrap(scope.FetchEvent, 'respondWith')
      }, TRACKED)
    },
    async eventsSettled() {
      const worker = await runningWorker()
      const noted = await worker.evaluate(async (key) => {
        const work = (self as unknown as Record<string, Promise<unknown>[] | undefined>)[key]
        if (!work) return null
        // Work noted while waiting (a later heartbeat, say) is waited for too.
        let count
        do {
          count = work.length
          await Promise.all(work)
        } while (work.length > count)
        return count
      }, TRACKED)
      expect(
        noted,
        'events noted by the worker (null: restarted since trackEvents)',
      ).toBeGreaterThan(0)
    },
  }
}

/**
 * The app's worker while `page` (of the app) is open: watched as by `watchAppWorker`, and noting
 * from now on the work of every event it is sent, for `eventsSettled`.
 */
export async function trackAppWorker(page: Page, appUrl: string): Promise<AppWorker> {
  const worker = await watchAppWorker(page.context(), appUrl)
  // The watcher's blank page opened in front: the holder's page is the one they look at.
  await page.bringToFront()
  await worker.trackEvents()
  return worker
}

/** Per context, the DevTools session `stopAllWorkers` sends through (see there). */
const stoppers = new WeakMap<BrowserContext, Promise<CDPSession>>()

/**
 * A DevTools session on a blank page of `page`'s context, opened once and kept: a session opened
 * on the app's own page while it navigates may never answer, and detaching one may hang (a run
 * waited out its 10 minutes on each). The blank page is no client of the app's worker.
 */
function stopperFor(page: Page): Promise<CDPSession> {
  const context = page.context()
  let stopper = stoppers.get(context)
  if (!stopper) {
    stopper = (async () => {
      const blank = await context.newPage()
      const cdp = await context.newCDPSession(blank)
      await cdp.send('ServiceWorker.enable')
      // The blank page opened in front: the holder's page is the one they look at.
      await page.bringToFront()
      return cdp
    })()
    stoppers.set(context, stopper)
    // A failed attempt is not kept: the next stop opens the session again.
    stopper.catch(() => stoppers.delete(context))
  }
  return stopper
}

/** Stops every service worker of the browser through the DevTools protocol, as it stops idle ones. */
export async function stopAllWorkers(page: Page): Promise<void> {
  const cdp = await within(stopperFor(page), 'opening a DevTools session beside the app')
  await within(cdp.send('ServiceWorker.stopAllWorkers'), 'ServiceWorker.stopAllWorkers')
}
