/** Contract: CORS for the app's origins on all three servers (preflight, exact echo, credentials). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../testing/test-stack.ts'

let stack: TestStack
let strict: TestStack

beforeAll(async () => {
  ;[stack, strict] = await Promise.all([
    startTestStack(),
    startTestStack({ allowedOrigins: ['https://cards.example'] }),
  ])
})
afterAll(() => Promise.all([stack.close(), strict.close()]))

function preflight(url: string, origin: string, headers = 'authorization, content-type') {
  return fetch(url, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': headers,
    },
  })
}

describe('CORS', () => {
  it('answers the SDK’s and the worker’s preflight from a local app origin', async () => {
    const origin = 'http://127.0.0.1:4173'
    for (const url of [
      `${stack.provider.url}/sdk/v1/sessions/authenticate`,
      `${stack.cards.url}/api/poap-events`,
      `${stack.sink.url}/api/1/envelope/`,
    ]) {
      const response = await preflight(
        url,
        origin,
        'authorization, content-type, x-sdk-client, x-sdk-parent-host',
      )
      expect(response.status).toBe(204)
      expect(response.headers.get('access-control-allow-origin')).toBe(origin)
      expect(response.headers.get('access-control-allow-credentials')).toBe('true')
      const allowed = response.headers.get('access-control-allow-headers') ?? ''
      for (const name of ['authorization', 'content-type', 'x-sdk-client', 'x-sdk-parent-host']) {
        expect(allowed).toContain(name)
      }
    }
  })

  it('does not let a page send trace headers, as the real provider and cards API do not', async () => {
    for (const url of [
      `${stack.provider.url}/sdk/v1/sessions/authenticate`,
      `${stack.cards.url}/api/poap-events`,
    ]) {
      const response = await preflight(url, 'http://127.0.0.1:4173', 'sentry-trace, baggage')
      const allowed = response.headers.get('access-control-allow-headers') ?? ''
      expect(allowed).not.toContain('sentry-trace')
      expect(allowed).not.toContain('baggage')
    }
  })

  it('echoes the origin on actual responses, errors included', async () => {
    const { session_token } = await stack.signIn('cors@example.com')
    const basic = Buffer.from(`${stack.publicToken}:${session_token}`).toString('base64')
    const response = await fetch(`${stack.provider.url}/sdk/v1/sessions/authenticate`, {
      method: 'POST',
      headers: {
        origin: 'http://localhost:5173',
        authorization: `Basic ${basic}`,
        'content-type': 'application/json',
      },
      body: '{"session_duration_minutes":60}',
    })
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    const cards = await fetch(`${stack.cards.url}/api/poap-events`, {
      headers: { origin: 'http://localhost:5173' },
    })
    expect(cards.status).toBe(401)
    expect(cards.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
  })

  it('refuses other origins, and honours an explicit list', async () => {
    const foreign = await preflight(
      `${stack.provider.url}/sdk/v1/sessions/authenticate`,
      'https://evil.example',
    )
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    const listed = await preflight(
      `${strict.provider.url}/sdk/v1/sessions/authenticate`,
      'https://cards.example',
    )
    expect(listed.headers.get('access-control-allow-origin')).toBe('https://cards.example')
    const local = await preflight(
      `${strict.provider.url}/sdk/v1/sessions/authenticate`,
      'http://localhost:5173',
    )
    expect(local.headers.get('access-control-allow-origin')).toBeNull()
  })
})
