/**
 * The error-reporting SDK (Sentry) and its settings, in a chunk of its own that loads after the
 * first render. Every event, breadcrumb and span is scrubbed before it leaves the page.
 */
import {
  browserTracingIntegration,
  captureException,
  init,
  makeBrowserOfflineTransport,
  makeFetchTransport,
  tanstackRouterBrowserTracingIntegration,
  type BrowserOptions,
} from '@sentry/react'
import { FILTERED, scrubReport } from '../core/scrub.ts'
import type { LoadedReporter } from './error-reporting-buffer.ts'

/** What the settings depend on. */
export interface SentrySetup {
  dsn: string
  /** TanStack Router instance: traces are named by route; without it, by the SDK's defaults. */
  router: unknown
  release?: string
  /** The page's own fetch, taken before the SDK instruments it (its sends make no breadcrumbs). */
  fetch?: typeof fetch
  /** The secrets the page knows when a report leaves (its holder, its URL's tap values). */
  knownSecrets?: () => readonly string[]
}

type SpanCallback = NonNullable<BrowserOptions['beforeSendSpan']>
type EventCallback = NonNullable<BrowserOptions['beforeSend']>

/** An error event scrubbed (`src/core/scrub.ts`, the page's known secrets first) and without any user. */
const scrubEvent =
  (known: () => readonly string[]): EventCallback =>
  (event) => {
    const scrubbed = scrubReport(event, known())
    delete scrubbed.user
    return scrubbed
  }

/** A span that cannot be scrubbed is sent without its name and attributes, never as it was. */
const scrubSpan =
  (known: () => readonly string[]): SpanCallback =>
  (span) => {
    try {
      return scrubReport(span, known())
    } catch {
      return { ...span, name: FILTERED, attributes: {} }
    }
  }

const nothingKnown = () => []

/**
 * The SDK's options (spec §9: all traces, environment "production"; no tunnel). `beforeSend`,
 * `beforeBreadcrumb` and `beforeSendSpan` remove the values the page knows (`knownSecrets`, in
 * any encoding), then Authorization headers, cookies, credentials, tap parameters and email
 * addresses wherever they are (`src/core/scrub.ts`); no user or IP address is attached.
 */
export function sentryOptions({
  dsn,
  router,
  release,
  fetch,
  knownSecrets = nothingKnown,
}: SentrySetup): BrowserOptions {
  return {
    dsn,
    release,
    environment: 'production',
    tracesSampleRate: 1,
    integrations: [
      router ? tanstackRouterBrowserTracingIntegration(router) : browserTracingIntegration(),
    ],
    // No trace headers on any request: the provider and cards APIs do not allow them (CORS).
    tracePropagationTargets: [],
    // SDK 11's replacement for `sendDefaultPii: false` (that option no longer exists): no user
    // fields and no IP address, neither on events nor inferred by the server (`infer_ip: never`).
    dataCollection: { cookies: false, userInfo: false },
    // Keep the app's own error messages as they are; add the host only to what is reported.
    enhanceFetchErrorMessages: 'report-only',
    beforeSend: scrubEvent(knownSecrets),
    beforeBreadcrumb: (breadcrumb) => scrubReport(breadcrumb, knownSecrets()),
    beforeSendSpan: scrubSpan(knownSecrets),
    transport: (options) =>
      offlineTransport(fetch)({
        ...options,
        shouldSend: () => navigator.onLine,
        flushAtStartup: true,
      }),
  }
}

/**
 * Offline, reports wait in IndexedDB and go out when the network is back (or on a later visit):
 * the holder's errors are not lost, and no doomed request is made meanwhile.
 */
const offlineTransport = (fetch?: typeof globalThis.fetch) =>
  makeBrowserOfflineTransport((options: Parameters<typeof makeFetchTransport>[0]) =>
    makeFetchTransport(options, fetch && drainingFetch(fetch)),
  )

/**
 * Fetch that reads each answer to the end. The SDK reads only the status and headers, and a
 * response body left unread keeps its request open (the browser and test tools show it pending).
 */
function drainingFetch(send: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await send(input, init)
    await response.arrayBuffer().catch(() => {})
    return response
  }
}

/** Initialises the SDK; returns how to report an error with its context (sent as tags). */
export function initSentry(setup: SentrySetup): LoadedReporter {
  init(sentryOptions({ fetch: window.fetch.bind(window), ...setup }))
  return {
    capture(error, context) {
      captureException(error, { tags: context })
    },
  }
}
