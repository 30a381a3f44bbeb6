/** The engine's provider calls: the SDK's headers on each, which end with the session, and none that throws. */
import { describe, expect, it } from 'vitest'
import { SESSION_ABORT_KEY } from './constants.ts'
import type { EngineConfig } from './engine-config.ts'
import type { Http, HttpRequest, HttpResponse } from './ports.ts'
import { createProviderCalls } from './provider-calls.ts'
import { createFakeClock } from './testing/fake-clock.ts'
import { createFakeIds } from './testing/fake-ids.ts'
import { TEST_TIMING } from './timing.ts'

const config: EngineConfig = {
  providerUrl: 'https://provider.example/',
  publicToken: 'public-token-test',
  cardsUrl: 'https://cards.example',
  appOrigin: 'https://app.example',
  appHostname: 'app.example',
  sdkVersion: '6.3.0',
  imageOrigins: [],
  userAgent: 'TestBrowser/1.0',
  timing: TEST_TIMING,
}

const session = { sessionToken: 'token-1', userId: 'user-test-1', sessionId: 'session-test-1' }

/** A provider that answers each call with `answer` (or fails it), recording what it was sent. */
function provider(answer: (request: HttpRequest) => HttpResponse | Error) {
  const sent: HttpRequest[] = []
  const warnings: unknown[] = []
  const http: Http = {
    request(request) {
      sent.push(request)
      const response = answer(request)
      return response instanceof Error ? Promise.reject(response) : Promise.resolve(response)
    },
    abort: () => {},
  }
  const logger = {
    info: () => {},
    warn: (...args: unknown[]) => void warnings.push(args),
    error: () => {},
  }
  const calls = createProviderCalls(
    { http, clock: createFakeClock(), newId: createFakeIds(), logger },
    config,
  )
  return { calls, sent, warnings }
}

const json = (status: number, body: unknown): HttpResponse => ({
  status,
  contentType: 'application/json',
  text: () => Promise.resolve(JSON.stringify(body)),
})

describe('provider calls', () => {
  it('send the SDK’s headers under the SDK’s prefix, within the provider deadline', async () => {
    const { calls, sent } = provider(() => json(500, {}))
    await calls.authenticate(session)
    await calls.revoke(session)
    await calls.account(session, { op: 'passkeys' })
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST https://provider.example/sdk/v1/sessions/authenticate',
      'POST https://provider.example/sdk/v1/sessions/revoke',
      'GET https://provider.example/sdk/v1/users/me',
    ])
    for (const request of sent) {
      expect(request.headers.Authorization).toBe(`Basic ${btoa('public-token-test:token-1')}`)
      expect(request.headers['X-SDK-Parent-Host']).toBe('https://app.example')
      expect(request.timeoutMs).toBe(TEST_TIMING.providerTimeoutMs)
    }
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({ session_duration_minutes: 60 })
    expect(sent[1]?.body).toBe('{}')
    expect(sent[2]?.body).toBeUndefined()
  })

  it('end with the session, except the revoke that ends it', async () => {
    const { calls, sent } = provider(() => json(200, {}))
    await calls.authenticate(session)
    await calls.revoke(session)
    await calls.account(session, { op: 'passkeys' })
    expect(sent.map((request) => request.abortKey)).toEqual([
      SESSION_ABORT_KEY,
      undefined,
      SESSION_ABORT_KEY,
    ])
  })

  it('never throw: no answer is a recoverable failure, an unreachable account, a logged revoke', async () => {
    const { calls, warnings } = provider(() => new DOMException('timed out', 'TimeoutError'))
    await expect(calls.authenticate(session)).resolves.toEqual({
      kind: 'recoverable',
      reason: 'no response (TimeoutError)',
      status: null,
      unexpected: false,
    })
    await expect(calls.account(session, { op: 'passkeys' })).resolves.toEqual({
      ok: false,
      failure: { kind: 'unreachable' },
      endedBy: null,
    })
    await expect(calls.revoke(session)).resolves.toBeUndefined()
    expect(warnings).toEqual([['Error revoking session', { error: 'TimeoutError' }]])
  })

  it('log a revoke the provider refused', async () => {
    const { calls, warnings } = provider(() => json(404, { error_type: 'session_not_found' }))
    await calls.revoke(session)
    expect(warnings).toEqual([['Error revoking session', { status: 404 }]])
  })
})
