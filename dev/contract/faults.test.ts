/** Contract: faults on demand (error, hang, malformed, slow), call counters and reset, on each server. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createSdkClient, type SdkHandle } from '../testing/sdk-in-jsdom.ts'
import { startTestStack, type TestStack } from '../testing/test-stack.ts'

let stack: TestStack
let sdk: SdkHandle | undefined

beforeAll(async () => {
  stack = await startTestStack()
})
afterEach(async () => {
  sdk?.dispose()
  for (const url of [stack.provider.url, stack.cards.url, stack.sink.url]) {
    await fetch(`${url}/_dev/reset`, { method: 'POST' })
  }
})
afterAll(() => stack.close())

function arm(base: string, fault: unknown) {
  return fetch(`${base}/_dev/faults`, { method: 'POST', body: JSON.stringify(fault) })
}

describe('faults', () => {
  it('error: the next calls fail with the status and error_type, then recover', async () => {
    const { session_token } = await stack.signIn('fault@example.com')
    const route = '/sdk/v1/sessions/authenticate'
    expect(
      (
        await arm(stack.provider.url, {
          route,
          count: 2,
          mode: 'error',
          status: 503,
          error_type: 'server_unavailable',
        })
      ).status,
    ).toBe(200)
    for (let i = 0; i < 2; i++) {
      const failed = await stack.sdk('/sessions/authenticate', {
        body: {},
        sessionToken: session_token,
      })
      expect(failed.status).toBe(503)
      expect(await failed.json()).toMatchObject({
        status_code: 503,
        error_type: 'server_unavailable',
      })
    }
    const ok = await stack.sdk('/sessions/authenticate', { body: {}, sessionToken: session_token })
    expect(ok.status).toBe(200)
    const calls = (await (await fetch(`${stack.provider.url}/_dev/calls`)).json()) as {
      calls: Record<string, number>
    }
    expect(calls.calls[route]).toBe(3)
  })

  it('error reaches the SDK as a StytchAPIError', async () => {
    sdk = await createSdkClient(stack.provider.url, stack.publicToken)
    await arm(stack.provider.url, {
      route: '/sdk/v1/otps/email/login_or_create',
      mode: 'error',
      status: 429,
      error_type: 'too_many_requests',
    })
    await expect(
      sdk.client.otps.email.loginOrCreate('busy@example.com', { expiration_minutes: 5 }),
    ).rejects.toMatchObject({
      name: 'StytchAPIError',
      status_code: 429,
      error_type: 'too_many_requests',
    })
  })

  it('malformed: a 200 with broken JSON, which the SDK reports as unreachable', async () => {
    sdk = await createSdkClient(stack.provider.url, stack.publicToken)
    await arm(stack.provider.url, {
      route: '/sdk/v1/otps/email/login_or_create',
      mode: 'malformed',
    })
    await expect(
      sdk.client.otps.email.loginOrCreate('broken@example.com', { expiration_minutes: 5 }),
    ).rejects.toMatchObject({
      name: 'StytchAPIUnreachableError',
      message: 'Invalid JSON response from our servers.',
    })
  })

  it('hang: the call is never answered', async () => {
    const user = await stack.signIn('hang@example.com')
    await arm(stack.cards.url, { route: '/api/poap-events', mode: 'hang' })
    const hung = fetch(`${stack.cards.url}/api/poap-events?isActive=false`, {
      headers: { authorization: `Bearer ${user.session_jwt}` },
      signal: AbortSignal.timeout(300),
    })
    await expect(hung).rejects.toMatchObject({ name: 'TimeoutError' })
    const after = await fetch(`${stack.cards.url}/api/poap-events?isActive=false`, {
      headers: { authorization: `Bearer ${user.session_jwt}` },
    })
    expect(after.status).toBe(200)
  })

  it('slow: the call is answered normally after delayMs', async () => {
    await arm(stack.provider.url, {
      route: '/v1/sessions/jwks/project-test-local',
      mode: 'slow',
      delayMs: 300,
    })
    const started = Date.now()
    const response = await fetch(`${stack.provider.url}/v1/sessions/jwks/project-test-local`)
    expect(response.status).toBe(200)
    expect(Date.now() - started).toBeGreaterThanOrEqual(290)
  })

  it('error on the cards API and the sink uses their own shapes', async () => {
    await arm(stack.cards.url, { route: '/api/poap-events', mode: 'error', status: 502 })
    const cards = await fetch(`${stack.cards.url}/api/poap-events`)
    expect(cards.status).toBe(502)
    expect(await cards.json()).toMatchObject({ message: expect.any(String) })
    await arm(stack.sink.url, { route: '/api/1/envelope/', mode: 'error' })
    const sink = await fetch(`${stack.sink.url}/api/1/envelope/`, { method: 'POST', body: '{}\n' })
    expect(sink.status).toBe(500)
  })

  it('reset clears faults and counters', async () => {
    await arm(stack.provider.url, { route: '/sdk/v1/events', mode: 'error', count: 5 })
    await fetch(`${stack.provider.url}/sdk/v1/events`, { method: 'POST', body: '[]' })
    await fetch(`${stack.provider.url}/_dev/reset`, { method: 'POST' })
    expect(await (await fetch(`${stack.provider.url}/_dev/calls`)).json()).toEqual({ calls: {} })
    expect(await (await fetch(`${stack.provider.url}/_dev/faults`)).json()).toEqual({ faults: [] })
    const ok = await fetch(`${stack.provider.url}/sdk/v1/events`, { method: 'POST', body: '[]' })
    expect(ok.status).toBe(200)
  })

  it('refuses bad control bodies with 400 and a reason', async () => {
    const bad: unknown[] = [
      'not json',
      [],
      { mode: 'error' },
      { route: 'no-slash', mode: 'error' },
      { route: '/x', mode: 'explode' },
      { route: '/x', mode: 'error', count: 0 },
      { route: '/x', mode: 'error', status: 200 },
      { route: '/x', mode: 'slow', delay: 10 },
      { route: '/x', mode: 'slow', delayMs: -1 },
      { route: '/_dev/calls', mode: 'error' },
    ]
    for (const body of bad) {
      const response = await fetch(`${stack.cards.url}/_dev/faults`, {
        method: 'POST',
        body: typeof body === 'string' ? body : JSON.stringify(body),
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ reason: expect.any(String) })
    }
  })
})
