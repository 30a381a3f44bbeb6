/**
 * Contract: the session engine's own provider calls (sessions/authenticate and sessions/revoke)
 * send the headers the real SDK sends, with the same telemetry keys, ids and SDK fields.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { STYTCH_SDK_VERSION } from '../../src/config/sdk-version.ts'
import { createMemoryLocks } from '../../src/core/memory-locks.ts'
import { createMemoryStore } from '../../src/core/memory-store.ts'
import type { WorkerMessage } from '../../src/core/protocol.ts'
import { createSessionEngine } from '../../src/core/session-engine.ts'
import { PRODUCTION_TIMING } from '../../src/core/timing.ts'
import { systemClock, systemNewId, systemRandom } from '../../src/platform/clock.ts'
import { createFetchHttp } from '../../src/platform/http.ts'
import { createSdkClient, PAGE_URL, type SdkHandle } from '../testing/sdk-in-jsdom.ts'
import { startTestStack, type TestStack } from '../testing/test-stack.ts'

/** A provider call as it left the process: its path and its headers as given to fetch. */
interface SentCall {
  path: string
  headers: Record<string, string>
}

let stack: TestStack
let sdk: SdkHandle | undefined
let sent: SentCall[] = []

beforeAll(async () => {
  // The jsdom page's origin is the app's, so a provider that checks SDK domains accepts both callers.
  stack = await startTestStack({ appUrl: new URL(PAGE_URL).origin })
})
afterEach(() => {
  sdk?.dispose()
  vi.restoreAllMocks()
})
afterAll(() => stack.close())

/** Records every provider call made through the global fetch (the SDK's and the engine's alike). */
function recordProviderCalls(): void {
  sent = []
  const realFetch = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (url.pathname.startsWith('/sdk/v1/')) {
      sent.push({
        path: url.pathname.slice('/sdk/v1'.length),
        headers: { ...(init?.headers as Record<string, string> | undefined) },
      })
    }
    return realFetch(input, init)
  })
}

function callTo(who: SentCall[], path: string): SentCall {
  const call = who.find((c) => c.path === path)
  if (!call) throw new Error(`no call to ${path} among ${who.map((c) => c.path).join(', ')}`)
  return call
}

function telemetry(call: SentCall): Record<string, unknown> {
  return JSON.parse(atob(call.headers['X-SDK-Client'] ?? '')) as Record<string, unknown>
}

/** The id fields with their uuid replaced, so two calls' telemetry can be compared whole. */
function shape(value: Record<string, unknown>): Record<string, unknown> {
  const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
  const out: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(value)) {
    if (key === 'client_sent_at') out[key] = typeof field === 'string' && !isNaN(Date.parse(field))
    else if (typeof field === 'string' && uuid.test(field)) out[key] = field.replace(uuid, 'UUID')
    else out[key] = field
  }
  return out
}

describe('the engine’s provider calls', () => {
  it('carry the same headers and telemetry as the SDK’s own session calls', async () => {
    recordProviderCalls()
    sdk = await createSdkClient(stack.provider.url, stack.publicToken)
    const stytch = sdk.client
    const { method_id } = await stytch.otps.email.loginOrCreate('headers@example.com', {
      expiration_minutes: 10,
    })
    const signedIn = await stytch.otps.authenticate(
      await stack.latestCode('headers@example.com'),
      method_id,
      { session_duration_minutes: 60 },
    )
    await stytch.session.authenticate()
    const sdkCalls = sent
    sent = []

    const page = new URL(PAGE_URL)
    const broadcasts: WorkerMessage[] = []
    const reports: string[] = []
    const engine = createSessionEngine(
      {
        clock: systemClock,
        random: systemRandom,
        newId: systemNewId,
        http: createFetchHttp(),
        store: createMemoryStore(),
        broadcast: (message) => broadcasts.push(message),
        locks: createMemoryLocks(),
        reporter: (error, context) => reports.push(`${String(context.op)}: ${String(error)}`),
        logger: { info: () => {}, warn: () => {}, error: () => {} },
      },
      {
        providerUrl: stack.provider.url,
        publicToken: stack.publicToken,
        cardsUrl: stack.cards.url,
        appOrigin: page.origin,
        appHostname: page.hostname,
        userAgent: 'contract-test',
        sdkVersion: STYTCH_SDK_VERSION,
        imageOrigins: [stack.cards.url],
        timing: PRODUCTION_TIMING,
      },
    )
    await engine.handoff(signedIn)
    await engine.refresh()
    expect(broadcasts.map((m) => m.type)).toContain('session')
    // The events list is another contract's business: only the provider calls matter here.
    expect(reports.filter((report) => !report.startsWith('poap-events'))).toEqual([])
    await engine.signOut('user')
    const engineCalls = sent

    const theirs = callTo(sdkCalls, '/sessions/authenticate')
    for (const path of ['/sessions/authenticate', '/sessions/revoke']) {
      const ours = callTo(engineCalls, path)
      expect(Object.keys(ours.headers)).toEqual(Object.keys(theirs.headers))
      expect(ours.headers.Authorization).toBe(theirs.headers.Authorization)
      expect(ours.headers['Content-Type']).toBe(theirs.headers['Content-Type'])
      expect(ours.headers['X-SDK-Parent-Host']).toBe(theirs.headers['X-SDK-Parent-Host'])
      expect(Object.keys(telemetry(ours))).toEqual(Object.keys(telemetry(theirs)))
      expect(shape(telemetry(ours))).toEqual(shape(telemetry(theirs)))
    }
    expect(telemetry(theirs)).toMatchObject({
      stytch_user_id: signedIn.user_id,
      stytch_session_id: signedIn.session.session_id,
      app: { identifier: 'localhost' },
    })
  })
})
