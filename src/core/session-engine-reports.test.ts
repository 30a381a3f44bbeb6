/** The engine's reports carry nothing its record holds: the token, JWT, holder and taps, however they are written (issue 23). */
import { beforeEach, describe, expect, it } from 'vitest'
import { base64Encode } from './base64.ts'
import { json, type FakeAnswer } from './testing/fake-backend.ts'
import { createEngineHarness, type EngineHarness } from './testing/engine-harness.ts'
import { UNRECOGNISED_ERROR_TYPE } from './provider-session.ts'

const MIN = 60_000
const TAP = '?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'

let h: EngineHarness

beforeEach(() => {
  h = createEngineHarness()
})

/** Signs a holder in; returns what the record now holds. */
async function signIn() {
  const data = h.backend.signIn(
    'user-test-16d9ba61-97a1-4ba4-9720-b03761dc50c6',
    'josé@exämple.com',
  )
  await h.engine.handoff(data)
  return data
}

/** Every report as the host gets it: name, message, stack and context, as one text. */
const reported = () =>
  JSON.stringify(
    h.reports.map(({ error, context }) => {
      const { name, message, stack } = error as Error
      return { name, message, stack, context }
    }),
  )

describe('engine reports', () => {
  it.each<[string, (token: string) => FakeAnswer]>([
    ['an error type glued to the token', (t) => json(400, { error_type: `bad_${t}` })],
    ['an error type with a letter before it', (t) => json(400, { error_type: `x${t}` })],
    [
      'the base64 public_token:<token> pair',
      (t) => json(400, { error_type: base64Encode(`public-token-test-local:${t}`) }),
    ],
    [
      'a message quoting the token',
      (t) => json(400, { error_type: 'invalid_argument', error_message: `Bad token ${t}.` }),
    ],
  ])('never carry the session token from %s', async (_label, answer) => {
    const { session_token: token } = await signIn()
    h.backend.authenticateFaults.push(answer(token))
    h.clock.advance(10 * MIN)
    await h.engine.wake('heartbeat')
    expect(h.reports).toHaveLength(1)
    const text = reported()
    expect(text).toContain('Error authenticating session: HTTP 400')
    expect(text).not.toContain(token)
    expect(text).not.toContain(token.slice(4, 40))
    expect(text).not.toContain(base64Encode(`public-token-test-local:${token}`).slice(30, 60))
  })

  it("names an error type that is not the provider's shape only as unrecognised", async () => {
    const { session_token: token } = await signIn()
    h.backend.authenticateFaults.push(json(400, { error_type: `bad_${token}` }))
    h.clock.advance(10 * MIN)
    await h.engine.wake('heartbeat')
    expect((h.reports[0]?.error as Error).message).toBe(
      `Error authenticating session: HTTP 400 ${UNRECOGNISED_ERROR_TYPE}`,
    )
  })

  it("keeps the provider's own error type and message", async () => {
    await signIn()
    h.backend.authenticateFaults.push(
      json(400, { error_type: 'invalid_argument', error_message: 'The request was invalid.' }),
    )
    h.clock.advance(10 * MIN)
    await h.engine.wake('heartbeat')
    expect((h.reports[0]?.error as Error).message).toBe(
      'Error authenticating session: HTTP 400 invalid_argument (The request was invalid.)',
    )
  })

  it('never carry what the record holds, thrown from anywhere in the engine', async () => {
    const data = await signIn()
    const values = [
      data.session_token,
      data.session_jwt,
      data.user.user_id,
      'josé@exämple.com',
      '041E3C8A2D6B80',
      '4B00064004B0B3D3',
    ]
    // A failure whose text holds them all, raw, percent-encoded and base64'd in a pair: the
    // events call after the tap throws it, so the tap is still pending (known) when it is reported.
    const leak = values
      .flatMap((value) => [value, encodeURIComponent(value), base64Encode(`x:${value}`)])
      .join(' ')
    const http = h.backend.http
    const request = http.request.bind(http)
    http.request = (req) =>
      req.url.includes('/api/poap-events') ? Promise.reject(new Error(leak)) : request(req)
    h.clock.advance(10 * MIN)
    await h.engine.tap(TAP)
    expect(h.reports.map(({ context }) => context.op)).toContain('poap-events')
    const text = reported()
    for (const value of values) {
      expect(text).not.toContain(value)
      expect(text).not.toContain(encodeURIComponent(value))
      expect(text).not.toContain(base64Encode(`x:${value}`).slice(4, -4))
    }
  })
})
