/**
 * Error reporting: the SDK (Sentry) is loaded once the first screen has settled, outside the
 * initial JavaScript and the page's start-up work; errors raised before that wait in a small
 * buffer and are sent once it is ready (the first of them brings the SDK sooner).
 */
import { config } from '../config/env.ts'
import { APP_VERSION } from '../config/version.ts'
import { createKnownSecrets, queryValues } from '../core/known-secrets.ts'
import { SCRUBBED_PARAMS } from '../core/secret-names.ts'
import { createErrorReporting, type ReportError } from './error-reporting-buffer.ts'
import { createSessionCarrier } from './report-carrier.ts'
import { idleAfter } from './idle-after.ts'

/** Longest wait for the first render before loading anyway. */
const FIRST_RENDER_WAIT_MS = 10_000

/**
 * How long the SDK waits after the first screen, unless an error is waiting for it: its code and
 * set-up are the largest piece of work the page does, so they come after the start-up work has
 * ended rather than in the middle of it, while the holder starts to read or tap (decision 014).
 */
const SETTLE_MS = 5_000

/** Resolves when the first report waits in the buffer: then the SDK is not kept waiting. */
let firstReport: () => void = () => {}
const reportWaiting = new Promise<void>((resolve) => {
  firstReport = resolve
})

/** One macrotask later: lets the browser paint and handle input between two pieces of work. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

/**
 * Resolves once `ready` has settled (or FIRST_RENDER_WAIT_MS have passed: a first render that
 * never comes must not keep its errors from being sent) and then the page has settled too (or a
 * report is waiting).
 */
function settledAfter(ready: Promise<unknown>): Promise<unknown> {
  const rendered = Promise.race([
    ready.catch(() => {}),
    new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
  ])
  const settled = Promise.race([
    reportWaiting,
    new Promise((resolve) => setTimeout(resolve, SETTLE_MS)),
  ])
  return Promise.all([rendered, settled])
}

/** What the page knows of its holder (set by the session wiring), for scrubbing reports by value. */
const pageSecrets = createKnownSecrets()

/**
 * Tells reporting the secrets the page knows from `source` (its holder's email, phone, user id,
 * pending taps): every report leaves without them, in any encoding (decision 006).
 */
export function setReportSecrets(source: string, values: readonly (string | null | undefined)[]) {
  pageSecrets.set(source, values)
}

/** Whether a query parameter holds a tap value or a credential (`uid`, `token`, `*_token`, …). */
const isScrubbedParam = (name: string) => {
  const lower = name.toLowerCase()
  return (SCRUBBED_PARAMS as readonly string[]).includes(lower) || /(?:token|jwt)$/.test(lower)
}

/** The tap values and tokens in a URL's query and fragment, as written and decoded. */
const urlSecrets = (url: { search: string; hash: string }) => [
  ...queryValues(url.search, isScrubbedParam),
  ...queryValues(url.hash, isScrubbedParam),
]

/** The address this page opened at (a card's tap link): its values are known even after it changes. */
const openedAt = typeof location === 'undefined' ? [] : urlSecrets(location)

/** Every value the page knows now: its holder's, and those of the links it opened and shows. */
function knownSecrets(): readonly string[] {
  const now = typeof location === 'undefined' ? [] : urlSecrets(location)
  return [...new Set([...pageSecrets.values(), ...openedAt, ...now])]
}

/** Reports carried to the tab's next page, scrubbed of what the page knows now. */
const sessionCarrier = createSessionCarrier(
  () => (typeof sessionStorage === 'undefined' ? null : sessionStorage),
  knownSecrets,
)

/** The router whose routes name traces; set by `startErrorReporting`. */
let tracedRouter: unknown = null

/** The app's reporter (DSN from the build configuration). */
const appReporting = createErrorReporting({
  dsn: config.sentryDsn,
  // No window while the build prerenders the page's first-paint frames (src/app/prerender.tsx).
  target: typeof window === 'undefined' ? new EventTarget() : window,
  carrier: sessionCarrier,
  onFirstReport: () => {
    firstReport()
    void sessionCarrier.prepare()
  },
  load: async () => {
    const { initSentry } = await import('./error-reporting-sentry.ts')
    // The SDK's code ran in one task; its set-up runs in the next, not in the same long one.
    await nextTask()
    return initSentry({
      dsn: config.sentryDsn,
      router: tracedRouter,
      release: `iyk-cards@${APP_VERSION}`,
      knownSecrets,
    })
  },
})

/** Reports an error to the error-reporting service (buffered until it is loaded; no-op when off). */
export const reportError: ReportError = appReporting.reportError

/**
 * Loads error reporting once the first screen has rendered (`firstRender`), the page has loaded
 * and the browser is idle. `router` (TanStack Router) names traces by route.
 */
export function startErrorReporting({
  router,
  firstRender,
}: {
  router: unknown
  firstRender: Promise<unknown>
}): void {
  if (config.sentryDsn === '') return
  tracedRouter = router
  // The scrubber for reports carried over a page load, once the first screen is up: a page that
  // leaves with reports (sign-in does, with a full page load) then has it, not only one that had
  // a report early enough to load it (a report made in the first moments may still be lost).
  void idleAfter(firstRender).then(() => sessionCarrier.prepare())
  void idleAfter(settledAfter(firstRender)).then(() => appReporting.start())
}
