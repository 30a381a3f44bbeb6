/**
 * Every holder's journey, written once for any engine: start and the worker's control, sign-in by
 * emailed code and the list, the worker's re-authentication after a reload, sign-out reaching the
 * other windows, the list offline, a tap kept offline and settled later, a tap through sign-in and
 * back, a signed-in tap; and no console or page error (the content policy's included) on any
 * visit. Each journey starts in a fresh profile, against the production build and the local stack.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Engine, EngineProfile } from './engine.ts'
import { Screen } from './screen.ts'
import {
  armFault,
  callCount,
  latestMessage,
  newEmail,
  readRecordInBrowser,
  reauthDueFields,
  patchSessionInBrowser,
  resetStack,
  setNetwork,
} from '../support/stack.ts'
import { appUrl, sinkUrl } from '../support/test-stack.ts'
import { IMAGE_CACHE_NAME } from '../../src/core/constants.ts'
import { DEMO_TEMPLATES } from '../../dev/cards/demo-events.ts'
import { scaled } from '../support/deadline.ts'

const AUTHENTICATE = '/sdk/v1/sessions/authenticate'
const TAP = '/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'
const ANONYMOUS_HEADING = 'Your events, one tap away'

interface EngineRecord {
  session: { userId: string } | null
  events: { events: { name: string }[] } | null
  tapQueue?: { taps: { query: string }[] }
}

/** The policy violations the sink received (security reports), as directive and page. */
async function reportedViolations(): Promise<string[]> {
  const response = await fetch(`${sinkUrl}/_dev/reports`)
  const { reports } = (await response.json()) as {
    reports: { items: { type: string; payload: unknown }[] }[]
  }
  return reports.flatMap((report) =>
    report.items
      .filter((item) => item.type === 'security')
      .map((item) => {
        const violation = item.payload as { effectiveDirective: string; documentURL: string }
        return `${violation.effectiveDirective} on ${violation.documentURL}`
      }),
  )
}

/** The error events the app's reporter sent to the sink since the journey began, summarised. */
async function reportedErrors(): Promise<string[]> {
  const response = await fetch(`${sinkUrl}/_dev/reports`)
  const { reports } = (await response.json()) as {
    reports: { items: { type: string; payload: unknown }[] }[]
  }
  return reports.flatMap((report) =>
    report.items
      .filter((item) => item.type === 'event')
      .map((item) => {
        const event = item.payload as {
          message?: string
          tags?: Record<string, unknown>
          exception?: { values?: { type?: string; value?: string; mechanism?: unknown }[] }
        }
        const exception = event.exception?.values?.[0]
        return JSON.stringify({
          message: event.message,
          exception: exception && `${exception.type}: ${exception.value}`,
          mechanism: exception?.mechanism,
          tags: event.tags,
        })
      }),
  )
}

/** The session engine's record, read in the page. */
const record = async (screen: Screen) =>
  (await screen.window.evaluate(readRecordInBrowser, null)) as EngineRecord | null

/** The names of the event cards shown. */
const shownEvents = (screen: Screen) =>
  screen.window.evaluate(
    () =>
      Array.from(document.querySelectorAll('[data-testid="event-card"]')).map(
        (card) => card.textContent ?? '',
      ),
    null,
  )

/** Waits for the signed-in home with at least one event card. */
async function expectEventsHome(screen: Screen): Promise<void> {
  await screen.see({ kind: 'heading', name: 'Your events' })
  await screen.until(
    'an event card',
    () => document.querySelector('[data-testid="event-card"]') !== null,
    null,
  )
}

/**
 * Waits until the worker has kept the images of the list shown, as it does soon after a list
 * arrives: a holder who goes offline later sees them all. Before then, an image the page asks for
 * with no network fails to load, and Firefox says so on the page's console.
 */
const imagesKept = (screen: Screen) =>
  screen.until(
    'the list’s images kept by the worker',
    async (name) => {
      const shown = Array.from(
        document.querySelectorAll<HTMLImageElement>('[data-testid="event-card"] img'),
        (image) => image.src,
      )
      if (shown.length === 0 || !(await caches.has(name))) return false
      const kept = new Set((await (await caches.open(name)).keys()).map((request) => request.url))
      return shown.every((url) => kept.has(url))
    },
    IMAGE_CACHE_NAME,
  )

/** Waits until the anonymous home is shown (signed out). */
const expectSignedOutHome = (screen: Screen, timeoutMs?: number) =>
  screen.see({ kind: 'heading', name: ANONYMOUS_HEADING }, timeoutMs)

/** Waits until a worker controls the page, reloading once if it activated without claiming it. */
async function expectWorkerControl(screen: Screen): Promise<void> {
  const controlled = () =>
    navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller !== null)
  if (!(await screen.window.evaluate(controlled, null))) await screen.reload()
  await screen.until('a service worker controlling the page', controlled, null)
}

/** Signs in with the code the provider emailed; starts on the sign-in page. */
async function signIn(screen: Screen, email = newEmail('engine')): Promise<string> {
  await screen.fill('Email', email)
  await screen.press('Send code')
  await screen.see({ kind: 'field', name: '6-digit code' })
  const { code } = await latestMessage(email, 'otp')
  await screen.fill('6-digit code', code ?? '')
  await screen.press('Sign in')
  return email
}

/** The refresh a signed-in tap makes has answered: the new events, or "Nothing new yet." */
const refreshAnswered = (screen: Screen) =>
  screen.until(
    'the tap’s refresh (new events or “Nothing new yet.”)',
    () =>
      document.querySelector('[data-testid="tap-new-events"]') !== null ||
      document.body.innerText.includes('Nothing new yet.'),
    null,
  )

/** Where the journeys find the app, and how they take the device off the network and back. */
export interface JourneySite {
  url: string
  setNetwork(up: boolean): Promise<void>
}

/** The test build on the local static server, beside the stand-ins. */
const LOCAL_SITE: JourneySite = { url: appUrl, setNetwork }

/**
 * Runs the journeys in `engine`, against `site` (the local static server unless given); `only`
 * picks the journeys whose names it matches.
 */
export function journeys(
  engine: Engine,
  site: () => JourneySite = () => LOCAL_SITE,
  { only }: { only?: RegExp } = {},
): void {
  let profile: EngineProfile | undefined
  const journey = (name: string, run: () => Promise<void>) => {
    if (!only || only.test(name)) it(name, run)
  }

  /** A fresh profile's first window on `path`. */
  async function open(path: string): Promise<Screen> {
    profile ??= await engine.launch()
    const { url } = site()
    const screen = new Screen(await profile.open(url + path), url)
    await screen.live()
    return screen
  }

  /** The profile the journey opened. */
  function current(): EngineProfile {
    if (!profile) throw new Error('no window opened yet')
    return profile
  }

  /** A new window of the same profile on `path`. */
  async function another(path: string): Promise<Screen> {
    const { url } = site()
    const screen = new Screen(await current().open(url + path), url)
    await screen.live()
    return screen
  }

  /** The app installed and signed in on its home with the list. */
  async function signedIn(): Promise<Screen> {
    const screen = await open('/')
    await expectWorkerControl(screen)
    await screen.goto('/auth/email')
    await signIn(screen)
    await screen.waitForLocation('/')
    await expectEventsHome(screen)
    return screen
  }

  /**
   * Problems a test planted on purpose: an engine may report one of them again, or late (Firefox
   * can report a policy violation after the test has heard it), so the check after the test
   * leaves those out, and only those.
   */
  let planted: string[] = []

  beforeEach(async () => {
    planted = []
    await resetStack()
    await fetch(`${sinkUrl}/_dev/reports`, { method: 'DELETE' })
  })

  afterEach(async () => {
    const seen = profile
    profile = undefined
    if (!seen) return
    try {
      // No console or page error, nor a policy violation, on any visit; nothing reported.
      const problems = await seen.problems()
      expect(problems.filter((problem) => !planted.some((one) => problem.includes(one)))).toEqual(
        [],
      )
      expect(await reportedErrors()).toEqual([])
      // Nor did the browser report a violation of the header policies.
      if (planted.length === 0) expect(await reportedViolations()).toEqual([])
    } finally {
      await seen.close()
      await site().setNetwork(true)
    }
  })

  afterAll(async () => {
    await engine.shutdown?.()
  })

  describe(`${engine.name}: holder journeys`, () => {
    journey(
      'hears a console error, an uncaught error and a content-policy violation (the check works)',
      async () => {
        const screen = await open('/')
        await expectSignedOutHome(screen)
        await screen.window.evaluate(() => {
          console.error('planted console error')
          setTimeout(() => {
            throw new Error('planted uncaught error')
          })
          // An image from an origin the app's policy does not allow. (An inline script can no
          // longer be planted: Trusted Types refuse its text before the policy sees it.)
          const image = new Image()
          image.src = 'https://blocked.example/pixel.png'
          document.body.append(image)
        }, null)
        planted = ['planted console error', 'planted uncaught error', 'Content-Security-Policy']
        const heard: string[] = []
        const missing = async () => {
          heard.push(...(await current().problems()))
          return planted.filter((one) => !heard.some((problem) => problem.includes(one)))
        }
        await expect.poll(missing, { message: 'the planted problems, each heard' }).toEqual([])
        // The app's reporter sent the uncaught one to the sink; the check after each journey reads it.
        await expect
          .poll(async () => (await reportedErrors()).join('\n'), {
            message: 'the planted error at the sink',
            timeout: scaled(10_000),
          })
          .toContain('planted uncaught error')
        // The browser itself reported the violation to the reporter's security endpoint.
        await expect
          .poll(async () => (await reportedViolations()).join('\n'), {
            message: 'the planted violation at the sink, from the page policy’s report-uri',
            timeout: scaled(10_000),
          })
          .toMatch(/img-src/)
        await fetch(`${sinkUrl}/_dev/reports`, { method: 'DELETE' })
      },
    )

    journey('starts on the home page, and its worker takes control', async () => {
      const screen = await open('/')
      await expectSignedOutHome(screen)
      await expectWorkerControl(screen)
      expect(await screen.location()).toBe('/')
      expect(
        await screen.window.evaluate(() => navigator.serviceWorker.controller?.scriptURL, null),
        'the app’s worker in control',
      ).toBe(site().url + '/sw.js')
    })

    journey('signs in with an emailed code and shows the events', async () => {
      const screen = await signedIn()
      expect((await shownEvents(screen)).length).toBeGreaterThan(0)
      expect(await record(screen)).toMatchObject({
        session: { userId: expect.stringMatching(/^user-/) },
      })
    })

    journey('filters and searches the list, kept in the URL across a reload', async () => {
      const screen = await signedIn()
      const listShows = (what: string, wanted: string) =>
        screen.until(
          what,
          (text) =>
            Array.from(
              document.querySelectorAll('.event-card__name'),
              (name) => name.textContent,
            ).join(' | ') === text,
          wanted,
        )
      await screen.choose('Show', 'Past (3)')
      await listShows(
        'the past events only',
        'Rooftop Listening Party | Genesis Card Drop | Winter Warehouse Session',
      )
      // Typed with the engine's keys: accents and case aside.
      await screen.fill('Search your events', 'GÉNESIS')
      await listShows('the search over the filter', 'Genesis Card Drop')
      await screen.waitForText('1 event matches')
      await screen.until(
        'the search and the filter in the URL',
        () => {
          const search = new URLSearchParams(location.search)
          return search.get('q') === 'GÉNESIS' && search.get('when') === 'past'
        },
        null,
      )
      await screen.reload()
      await expectEventsHome(screen)
      await listShows('the reloaded list, still searched and filtered', 'Genesis Card Drop')
      await screen.fill('Search your events', 'zzz')
      await screen.see({ kind: 'heading', name: 'No events match “GÉNESISzzz”' })
      await screen.press('Show all events')
      await screen.waitForLocation('/')
      await screen.until(
        'every event of the demo list back',
        (count) => document.querySelectorAll('.event-card__name').length === count,
        DEMO_TEMPLATES.length,
      )
    })

    journey('re-authenticates in the worker when due, after a reload', async () => {
      const screen = await signedIn()
      // Counted first: the open window may wake the worker before the reload does (one call all the same).
      const before = await callCount(AUTHENTICATE)
      await screen.window.evaluate(patchSessionInBrowser, reauthDueFields())
      await screen.reload()
      await expectEventsHome(screen)
      await expect
        .poll(() => callCount(AUTHENTICATE), {
          timeout: scaled(10_000),
          message: 'one re-authentication by the worker',
        })
        .toBe(before + 1)
      await expectEventsHome(screen)
    })

    journey(
      'signs out in one window: the other follows, and a new window opens signed out',
      async () => {
        const first = await signedIn()
        const second = await another('/account')
        await second.see({ kind: 'button', name: 'Sign out' })
        await second.press('Sign out')
        const started = Date.now()
        await expectSignedOutHome(first)
        console.log(
          `${engine.name}: the other window showed the sign-out after ${Date.now() - started} ms`,
        )
        await expectSignedOutHome(second)
        const third = await another('/')
        await expectSignedOutHome(third)
        expect(await record(third)).toMatchObject({ session: null, events: null })
      },
    )

    journey(
      'shows the last list with no network, says it cannot reach, and refreshes once back',
      async () => {
        const screen = await signedIn()
        const names = await shownEvents(screen)
        await imagesKept(screen)
        await site().setNetwork(false)
        await screen.reload()
        await expectEventsHome(screen)
        expect(await shownEvents(screen)).toEqual(names)
        await screen.press('Refresh')
        await screen.until(
          'the list’s age saying the service cannot be reached',
          () =>
            document
              .querySelector('[data-testid="events-age"]')
              ?.textContent?.includes('Can’t reach IYK Cards'),
          null,
        )
        expect(await shownEvents(screen)).toEqual(names)
        await site().setNetwork(true)
        await screen.press('Refresh')
        await screen.until(
          'the list’s age saying it was updated',
          () =>
            /^\s*Updated/.test(
              document.querySelector('[data-testid="events-age"]')?.textContent ?? '',
            ),
          null,
        )
      },
    )

    journey(
      'shows placeholders, and nothing goes wrong, for images the worker could not keep before the network went',
      async () => {
        // Images the worker could not keep (their host failing) while the holder was online.
        for (const { slug } of DEMO_TEMPLATES) {
          await armFault('cards', {
            route: `/images/${slug}.png`,
            mode: 'error',
            status: 503,
            count: 100,
          })
        }
        const screen = await signedIn()
        await site().setNetwork(false)
        await screen.reload()
        await expectEventsHome(screen)
        await screen.until(
          'a placeholder for an image the worker had not kept',
          () => document.querySelector('[data-testid="event-image-fallback"]') !== null,
          null,
        )
        expect(
          await screen.window.evaluate(
            () =>
              Array.from(
                document.querySelectorAll<HTMLImageElement>('[data-testid="event-card"] img'),
              ).filter((image) => image.complete && image.naturalWidth > 0).length,
            null,
          ),
        ).toBe(0)
        // The after-each check: no error on the page, and none reported from the worker.
      },
    )

    journey(
      'shows a list whose kept images the browser dropped, with no network, and nothing goes wrong',
      async () => {
        const screen = await signedIn()
        const names = await shownEvents(screen)
        await imagesKept(screen)
        // A browser short of space may drop Cache Storage; the page had shown the images before.
        await screen.window.evaluate((name) => caches.delete(name), IMAGE_CACHE_NAME)
        await site().setNetwork(false)
        await screen.reload()
        await expectEventsHome(screen)
        expect(await shownEvents(screen)).toEqual(names)
        await screen.until(
          'no broken image: each shown, still loading, or a placeholder in its place',
          () =>
            Array.from(document.querySelectorAll('[data-testid="event-card"]')).every((card) => {
              const image = card.querySelector('img')
              if (!image) return card.querySelector('[data-testid="event-image-fallback"]') !== null
              return !image.complete || image.naturalWidth > 0
            }),
          null,
        )
        // The after-each check: no error on the page, and none reported from the worker.
      },
    )

    journey(
      'keeps a tap made with no network, and settles it once the app opens with one',
      async () => {
        const screen = await signedIn()
        await imagesKept(screen)
        await site().setNetwork(false)
        await screen.goto(TAP)
        await screen.until(
          'the tap kept on the phone',
          () => document.querySelector('[data-testid="tap-kept"]') !== null,
          null,
        )
        expect((await record(screen))?.tapQueue?.taps.map((tap) => tap.query)).toEqual([
          TAP.slice('/tap'.length),
        ])
        await site().setNetwork(true)
        await screen.goto('/')
        await expectEventsHome(screen)
        await expect
          .poll(async () => (await record(screen))?.tapQueue?.taps.length, {
            timeout: scaled(15_000),
            message: 'the kept tap settled',
          })
          .toBe(0)
        await screen.until(
          'no pending taps shown',
          () => document.querySelector('[data-testid="pending-taps"]') === null,
          null,
        )
      },
    )

    journey('takes an anonymous tap through sign-in and back to the tap', async () => {
      const screen = await open(TAP)
      await screen.waitForText('Card details for support')
      await screen.follow('Sign in to collect')
      await screen.until('the sign-in page', () => location.pathname === '/auth/email', null)
      await signIn(screen)
      await screen.waitForLocation(TAP)
      await screen.waitForText('Card details for support')
      await refreshAnswered(screen)
      // Back on the very tap, signed in.
      expect(await screen.location()).toBe(TAP)
      expect(await record(screen)).toMatchObject({
        session: { userId: expect.stringMatching(/^user-/) },
      })
    })

    journey('collects a signed-in tap with one refresh', async () => {
      const screen = await signedIn()
      await screen.goto(TAP)
      await screen.waitForText('Card details for support')
      await refreshAnswered(screen)
      // Collected at once: nothing kept on the phone for later.
      await expect
        .poll(async () => (await record(screen))?.tapQueue?.taps, { message: 'no tap kept' })
        .toEqual([])
    })
  })
}
