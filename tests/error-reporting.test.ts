/**
 * Error reporting in real Chromium against the local sink: a failed event fetch in the worker is
 * reported once, through one tab; an error raised before the SDK loads is buffered and sent; no
 * report carries a session token, a JWT, an Authorization header, a tap parameter's value, the
 * holder's email address or a user, not even inside an error's message; and the Content Security
 * Policy lets the reports through.
 */
import { JWT_IN_MEMORY } from '../src/core/engine-state.ts'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browserSuite } from './support/browser-suite.ts'
import { armFault, expectEventsHome, latestJwt, readEngineState } from './support/stack.ts'
import { appUrl, sinkUrl } from './support/test-stack.ts'
import { scaled, waitingFor } from './support/deadline.ts'

const UID = '041E3C8A2D6B80'
const CMAC = '4B00064004B0B3D3'
const TAP_PATH = `/tap?uid=${UID}&ctr=000006&cmac=${CMAC}`

interface SinkReport {
  raw: string
  items: { type: string; payload: unknown }[]
}

const suite = browserSuite(async () => {
  await fetch(`${sinkUrl}/_dev/reports`, { method: 'DELETE' })
})

async function reports(): Promise<SinkReport[]> {
  const response = await fetch(`${sinkUrl}/_dev/reports`)
  return ((await response.json()) as { reports: SinkReport[] }).reports
}

/** Error events received by the sink (not sessions, spans or client reports). */
async function errorEvents(): Promise<Record<string, unknown>[]> {
  return (await reports()).flatMap((report) =>
    report.items
      .filter((item) => item.type === 'event')
      .map((item) => item.payload as Record<string, unknown>),
  )
}

const tagsOf = (event: Record<string, unknown>) =>
  (event.tags ?? {}) as Record<string, string | number | boolean>

const exceptionText = (event: Record<string, unknown>) => JSON.stringify(event.exception ?? {})

/** Console messages about the Content Security Policy (a blocked report would show here). */
function collectCspViolations(page: Page, violations: string[] = []): string[] {
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text())
  })
  return violations
}

/** The reports the SDK keeps in IndexedDB while offline (its offline transport's queue), as text. */
const queuedReports = (page: Page) =>
  page.evaluate(async () => {
    // Opening a database that is not there would create it, without the SDK's store.
    if (!(await indexedDB.databases()).some((database) => database.name === 'sentry-offline')) {
      return []
    }
    return new Promise<string[]>((resolve, reject) => {
      const open = indexedDB.open('sentry-offline')
      open.onerror = () => reject(open.error)
      open.onsuccess = () => {
        const db = open.result
        const request = db.transaction('queue').objectStore('queue').getAll()
        request.onsuccess = () => {
          const decoder = new TextDecoder()
          resolve(
            (request.result as (string | Uint8Array)[]).map((envelope) =>
              typeof envelope === 'string' ? envelope : decoder.decode(envelope),
            ),
          )
          db.close()
        }
        request.onerror = () => reject(request.error)
      }
    })
  })

describe('error reporting', () => {
  it('reports a failed event fetch once, through one tab, with nothing secret in it', async () => {
    const violations: string[] = []
    const { context, page, email } = await suite.signedIn({
      prepare: async (context) =>
        context.on('page', (opened) => collectCspViolations(opened, violations)),
    })
    const state = (await readEngineState(page)) as { session: Record<string, string> }
    const { sessionToken, userId } = state.session
    // The JWT is held in memory only: the worker's is the one the cards stand-in accepted.
    expect(state.session?.jwt).toBe(JWT_IN_MEMORY)
    const jwt = await latestJwt(userId ?? '')
    // The secrets the reports must not hold: the provider's token (44 base64url characters, as
    // the stand-in mints them) and a JWT, so that "not in any report" below means something.
    expect({ sessionToken, jwt }).toEqual({
      sessionToken: expect.stringMatching(/^[\w-]{44}$/),
      jwt: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
    })

    // A second tab: the worker must report through one of them, not both.
    const other = await context.newPage()
    await other.goto(appUrl + '/')
    await expectEventsHome(other)

    // The next event fetch fails; the report is made while the tab's URL holds a card tap, so
    // the tap parameters would be in the report's URL and breadcrumbs if nothing removed them.
    await armFault('cards', { route: '/api/poap-events', count: 1, mode: 'error', status: 500 })
    // The focused tab is the one the worker reports through.
    await page.bringToFront()
    await page.goto(appUrl + TAP_PATH)
    await page.locator('#root h1').waitFor()
    // Signed in, the tap page asks for fresh events; "back online" asks too, in case it did not.
    await page.evaluate(() => window.dispatchEvent(new Event('online')))
    // An uncaught error whose message holds the real session as JSON and the holder's address
    // (as a careless `throw new Error(JSON.stringify(state))` would): scrubbed by value.
    await page.evaluate(
      ({ sessionToken, email }) => {
        setTimeout(() => {
          throw new Error(
            `Bad sign-in state {"session_token":"${sessionToken}","email":"${email}"}`,
          )
        })
      },
      { sessionToken, email },
    )

    const fetchFailures = async (status: number) =>
      (await errorEvents()).filter(
        (e) => tagsOf(e).op === 'poap-events' && exceptionText(e).includes(`HTTP ${status}`),
      )
    await expect
      .poll(() => fetchFailures(500), {
        message: 'one report of the failed fetch (500)',
        timeout: scaled(20_000),
      })
      .toHaveLength(1)
    // A later report along the same way (worker, tab, sink), asked for only now: once it is in,
    // a second report of the first failure (through the other tab, say) would be in too.
    await armFault('cards', { route: '/api/poap-events', count: 1, mode: 'error', status: 503 })
    await page.evaluate(() => window.dispatchEvent(new Event('online')))
    await expect
      .poll(async () => (await fetchFailures(503)).length > 0, {
        message: 'a report of the failed fetch (503)',
        timeout: scaled(20_000),
      })
      .toBe(true)
    const failures = await fetchFailures(500)
    expect(failures).toHaveLength(1)
    const failure = failures[0] as Record<string, unknown>
    expect(tagsOf(failure).source).toBe('worker')
    expect(exceptionText(failure)).toContain('HTTP 500')
    expect(failure.environment).toBe('production')

    // The error holding the session and the address arrived without either, and without a user.
    const stateErrors = async () =>
      (await errorEvents()).filter((e) => exceptionText(e).includes('Bad sign-in state'))
    await expect
      .poll(async () => (await stateErrors()).length, {
        message: 'one report of the state error',
        timeout: scaled(20_000),
      })
      .toBe(1)
    const stateError = (await stateErrors())[0] as Record<string, unknown>
    expect(exceptionText(stateError)).toContain(
      JSON.stringify('{"session_token":"[Filtered]","email":"[email]"}').slice(1, -1),
    )
    for (const event of await errorEvents()) {
      expect(event.user).toBeUndefined()
      expect(event.sdk).toMatchObject({ settings: { infer_ip: 'never' } })
    }

    // The tap URL did reach the reporter (the event's URL and the page-load span), scrubbed.
    await expect
      .poll(
        async () => (await reports()).some((report) => report.raw.includes('uid=[Filtered]')),
        waitingFor('a report at the sink with the tap’s uid scrubbed'),
      )
      .toBe(true)
    for (const raw of (await reports()).map((report) => report.raw)) {
      expect(raw).not.toContain(sessionToken)
      expect(raw).not.toContain(jwt)
      expect(raw).not.toContain(email)
      expect(raw).not.toContain('{{auto}}')
      expect(raw).not.toContain('token=')
      expect(raw).not.toContain(UID)
      expect(raw).not.toContain(CMAC)
      expect(raw).not.toMatch(/"authorization"\s*:/i)
      expect(raw).not.toMatch(/"cookie"\s*:/i)
      expect(raw).not.toMatch(/\b(Bearer|Basic) (?!\[Filtered\])/)
    }
    expect(violations).toEqual([])
  })

  it('sends an error raised before the SDK loaded, and keeps the SDK out of the first scripts', async () => {
    const context = await suite.newContext()
    // Thrown as soon as the app has started (its first act is to take #root off the page, to
    // render it off the page): long before the SDK loads.
    await context.addInitScript(() => {
      new MutationObserver((records, observer) => {
        const removed = records.flatMap((record) => [...record.removedNodes])
        if (!removed.some((node) => node instanceof Element && node.id === 'root')) return
        observer.disconnect()
        throw new Error('early error for the buffer')
      }).observe(document, { childList: true, subtree: true })
    })
    const page = await context.newPage()
    const violations = collectCspViolations(page)
    const sdkRequestedAt: number[] = []
    let domReadyAt = Infinity
    page.on('request', (request) => {
      if (/error-reporting-sentry[^/]*\.js$/.test(request.url())) sdkRequestedAt.push(Date.now())
    })
    page.on('domcontentloaded', () => {
      domReadyAt = Date.now()
    })
    await page.goto(appUrl + TAP_PATH)
    await page.locator('#root h1').waitFor()

    await expect
      .poll(
        async () =>
          (await errorEvents()).filter((e) =>
            exceptionText(e).includes('early error for the buffer'),
          ).length,
        { message: 'one report of the early error, from the buffer', timeout: scaled(20_000) },
      )
      .toBe(1)
    const early = (await errorEvents()).find((e) =>
      exceptionText(e).includes('early error for the buffer'),
    ) as Record<string, unknown>
    expect(tagsOf(early).mechanism).toBe('onerror')
    expect(sdkRequestedAt.length).toBeGreaterThan(0)
    expect(Math.min(...sdkRequestedAt)).toBeGreaterThan(domReadyAt)
    for (const { raw } of await reports()) {
      expect(raw).not.toContain(UID)
      expect(raw).not.toContain(CMAC)
    }
    expect(violations).toEqual([])
  })

  it('keeps an error raised offline and sends it once the network is back', async () => {
    const { context, page } = await suite.installed()
    const MESSAGE = 'offline error for the queue'
    const sentWithTheError: string[] = []
    page.on('request', (request) => {
      if (request.url().startsWith(sinkUrl) && request.postData()?.includes(MESSAGE)) {
        sentWithTheError.push(request.url())
      }
    })
    await context.setOffline(true)
    await page.goto(appUrl + '/')
    await page.locator('#root h1').waitFor()
    await page.evaluate((message) => {
      setTimeout(() => {
        throw new Error(message)
      })
    }, MESSAGE)
    const offlineErrors = async () =>
      (await errorEvents()).filter((e) => exceptionText(e).includes(MESSAGE))
    // The SDK (precached) loads after the first render, takes the error and keeps it in its
    // queue: no doomed request was made for it.
    await expect
      .poll(async () => (await queuedReports(page)).some((report) => report.includes(MESSAGE)), {
        message: 'the report queued offline',
        timeout: scaled(20_000),
      })
      .toBe(true)
    expect(sentWithTheError).toEqual([])
    expect(await offlineErrors()).toEqual([])

    await context.setOffline(false)
    await expect
      .poll(async () => (await offlineErrors()).length, {
        message: 'one report of the offline error, sent once online',
        timeout: scaled(20_000),
      })
      .toBe(1)
  })
})
