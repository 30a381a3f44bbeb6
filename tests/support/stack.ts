/** Test access to the local stack's dev endpoints: inbox, call counts and faults. */
import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import type { Page, Worker } from 'playwright-core'
import { waitingFor, within } from './deadline.ts'
import { appUrl, cardsUrl, providerUrl } from './test-stack.ts'

/** A fresh address, so tests never share a user. */
export const newEmail = (label = 'holder') => `${label}-${randomUUID().slice(0, 8)}@example.com`

interface InboxMessage {
  email: string
  kind: 'otp' | 'magic_link'
  code?: string
  link?: string
  sentAt: string
}

/** The newest message of `kind` sent to `email` (waits briefly for it). */
export async function latestMessage(
  email: string,
  kind: InboxMessage['kind'],
): Promise<InboxMessage> {
  let found: InboxMessage | undefined
  await expect
    .poll(
      async () => {
        const response = await fetch(`${providerUrl}/_dev/inbox?email=${encodeURIComponent(email)}`)
        const { messages } = (await response.json()) as { messages: InboxMessage[] }
        found = messages.find((message) => message.kind === kind)
        return found !== undefined
      },
      waitingFor(`a ${kind === 'otp' ? 'code' : 'sign-in link'} for ${email} in the inbox`),
    )
    .toBe(true)
  return found as InboxMessage
}

type Server = 'provider' | 'cards'
const base = (server: Server) => (server === 'provider' ? providerUrl : cardsUrl)

/** Call counts per route on one stand-in. */
export async function calls(server: Server = 'provider'): Promise<Record<string, number>> {
  const response = await fetch(`${base(server)}/_dev/calls`)
  return ((await response.json()) as { calls: Record<string, number> }).calls
}

/** How many times a route was called. */
export const callCount = async (route: string, server: Server = 'provider') =>
  (await calls(server))[route] ?? 0

/** Makes the next `count` calls of `route` fail as described. */
export async function armFault(server: Server, fault: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${base(server)}/_dev/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  })
  expect(response.status).toBe(200)
}

/** The provider ends the session: the next re-authentication gets 404 `session_not_found`. */
export const endSessionAtProvider = () =>
  armFault('provider', {
    route: '/sdk/v1/sessions/authenticate',
    count: 1,
    mode: 'error',
    status: 404,
    error_type: 'session_not_found',
  })

/** A stand-in that accepts connections and never answers, or one that answers 503 at once. */
export type LieFi = { mode: 'hang' } | { mode: 'error'; status: 503 }

/** Makes every call of `route` misbehave as `lieFi` says, until `clearFaults`. */
export const breakRoute = (server: Server, route: string, lieFi: LieFi) =>
  armFault(server, { route, count: 10_000, ...lieFi })

/** Clears every armed fault; as this is `resetStack`, call counts and send limits start over too. */
export const clearFaults = () => resetStack()

async function setClock(body: { advanceMs: number } | { reset: true }): Promise<void> {
  const response = await fetch(`${providerUrl}/_dev/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(response.status).toBe(200)
}

/** Moves the stack's clock forward (codes, links, sessions and JWTs age with it). */
export const advanceProviderClock = (ms: number) => setClock({ advanceMs: ms })

/** Puts the stack's clock back to real time. */
export const resetProviderClock = () => setClock({ reset: true })

/** Switches the provider emulator's run-time settings (`siwe`, `strictSdk`, send limits). */
export async function setProviderConfig(config: Record<string, boolean | number>): Promise<void> {
  const response = await fetch(`${providerUrl}/_dev/config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(config),
  })
  expect(response.status).toBe(200)
}

/** Clears faults and counters on both stand-ins, and puts the stack's clock back to real time. */
export async function resetStack(): Promise<void> {
  await Promise.all([
    ...(['provider', 'cards'] as const).map((server) =>
      fetch(`${base(server)}/_dev/reset`, { method: 'POST' }),
    ),
    resetProviderClock(),
    setAppHostNetwork(true),
  ])
}

async function setAppHostNetwork(up: boolean): Promise<void> {
  const response = await fetch(`${appUrl}/_dev/network`, {
    method: 'POST',
    body: JSON.stringify({ up }),
  })
  expect(response.status).toBe(200)
}

/**
 * Takes the device off the network (`false`) or back on (`true`) for any engine: the app's host
 * and both stand-ins drop every connection while down, so the browser sees a failed connection
 * as on a phone without signal (`navigator.onLine` is not changed; the error sink stays up).
 */
export async function setNetwork(up: boolean): Promise<void> {
  await Promise.all([
    setAppHostNetwork(up),
    ...(['provider', 'cards'] as const).map(async (server) => {
      const response = await fetch(`${base(server)}/_dev/network`, {
        method: 'POST',
        body: JSON.stringify({ up }),
      })
      expect(response.status).toBe(200)
    }),
  ])
}

/**
 * The newest JWT the cards stand-in accepted for `userId`: the one the worker holds (it keeps
 * its JWT in memory only, never in the record).
 */
export async function latestJwt(userId: string): Promise<string> {
  const response = await fetch(`${cardsUrl}/_dev/bearers`)
  const { bearers } = (await response.json()) as { bearers: { userId: string; jwt: string }[] }
  const jwt = bearers.filter((bearer) => bearer.userId === userId).at(-1)?.jwt
  if (jwt === undefined) throw new Error(`the cards stand-in accepted no JWT of ${userId}`)
  return jwt
}

/**
 * Signs in on `page` with the emailed code, starting from `path` of the app at `base` (its test
 * URL unless given, e.g. the same app at localhost); returns the email used.
 */
export async function signInWithCode(
  page: Page,
  email = newEmail(),
  path = '/auth/email',
  base = appUrl,
) {
  await page.goto(base + path)
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send code' }).click()
  const codeField = page.getByLabel('6-digit code')
  await codeField.waitFor()
  const { code } = await latestMessage(email, 'otp')
  await codeField.fill(code ?? '')
  await page.getByRole('button', { name: 'Sign in' }).click()
  return email
}

/**
 * Waits until `page` shows the signed-in home with its events (each within the context's stretched
 * default, tests/support/browser.ts).
 */
export async function expectEventsHome(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Your events', level: 1 }).waitFor()
  await page.getByTestId('event-card').first().waitFor()
}

/** Reads the session engine's record; runs inside the browser (a page or the worker). */
export const readRecordInBrowser = () =>
  new Promise<Record<string, unknown> | null>((resolve, reject) => {
    const open = indexedDB.open('iyk-cards')
    open.onerror = () => reject(open.error)
    open.onsuccess = () => {
      const db = open.result
      const request = db.transaction('kv').objectStore('kv').get('session-engine')
      request.onsuccess = () => {
        resolve((request.result as Record<string, unknown> | undefined) ?? null)
        db.close()
      }
      request.onerror = () => reject(request.error)
    }
  })

/**
 * The session engine's persisted record, read from the IndexedDB of a page or of the worker. A
 * page caught mid-navigation may never run the script: the read then fails after 15 s, stretched
 * (a poll tries again), rather than hang.
 */
export function readEngineState(target: Page | Worker): Promise<Record<string, unknown> | null> {
  const read =
    'goto' in target ? target.evaluate(readRecordInBrowser) : target.evaluate(readRecordInBrowser)
  return within(read, 'reading the session engine record', 15_000)
}

/**
 * Overwrites fields of the session engine's stored session; runs inside the browser (any engine's
 * page).
 */
export const patchSessionInBrowser = (fields: Record<string, number>) =>
  new Promise<void>((resolve, reject) => {
    const open = indexedDB.open('iyk-cards')
    open.onerror = () => reject(open.error)
    open.onsuccess = () => {
      const db = open.result
      const tx = db.transaction('kv', 'readwrite')
      const store = tx.objectStore('kv')
      const request = store.get('session-engine')
      request.onsuccess = () => {
        const state = request.result as { session: Record<string, number> }
        Object.assign(state.session, fields)
        store.put(state, 'session-engine')
      }
      tx.oncomplete = () => {
        db.close()
        resolve()
      }
      tx.onerror = () => reject(tx.error)
    }
  })

/** Overwrites fields of the stored session (times, say), as if time had passed; nothing else. */
export function patchEngineSession(page: Page, patch: Record<string, number>): Promise<void> {
  return page.evaluate(patchSessionInBrowser, patch)
}

/** The fields `patchEngineSession` writes to make a re-authentication due now. */
export function reauthDueFields(): Record<string, number> {
  const past = Date.now() - 11 * 60_000
  return { lastAuthAt: past, nextDueAt: past + 10 * 60_000 }
}

/** A card tap the session engine keeps until a refresh succeeds (its record's `tapQueue`). */
export interface PendingTap {
  query: string
  userId: string
  savedAt: number
}

/** The taps the session engine keeps, oldest first (none when it has no record). */
export async function readPendingTaps(page: Page): Promise<PendingTap[]> {
  const state = await readEngineState(page)
  return (state?.tapQueue as { taps: PendingTap[] } | undefined)?.taps ?? []
}

/**
 * Adds an event named `name` to the signed-in holder's list on the cards stand-in (a copy of
 * their first cached event, active); returns the name.
 */
export async function addEvent(page: Page, name: string): Promise<string> {
  const cached = await cachedEvents(page)
  const added = { ...cached[0], id: `added-${randomUUID().slice(0, 8)}`, name, status: 'active' }
  await putHolderEvents(page, [...cached, added])
  return name
}

/** The events of the engine's cached list (its record's `events.events`). */
export async function cachedEvents(page: Page): Promise<Record<string, unknown>[]> {
  const state = await readEngineState(page)
  return (state?.events as { events: Record<string, unknown>[] }).events
}

/**
 * Replaces the signed-in holder's list on the cards stand-in with `events` (the page's list
 * changes at its next refresh).
 */
export async function putHolderEvents(page: Page, events: unknown[]): Promise<void> {
  const state = await readEngineState(page)
  const userId = (state?.session as { userId: string }).userId
  const response = await fetch(`${cardsUrl}/_dev/events`, {
    method: 'PUT',
    body: JSON.stringify({ userId, events }),
  })
  expect(response.status).toBe(200)
}

/** Rewrites the persisted schedule, as if time had passed: the next call is due now. */
export function makeReauthDue(page: Page): Promise<void> {
  return patchEngineSession(page, reauthDueFields())
}
