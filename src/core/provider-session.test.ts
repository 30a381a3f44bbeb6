/** Provider errors enter reports only when they look like the provider's own (issue 23). */
import { describe, expect, it } from 'vitest'
import { readProviderAnswer } from './account-calls.ts'
import { classifyAuthenticateResponse, reportableErrorMessage } from './authenticate-response.ts'
import {
  parseAuthenticateData,
  reportableErrorType,
  toAuthenticatedSession,
  UNRECOGNISED_ERROR_TYPE,
} from './provider-session.ts'

const TOKEN = 'mZAYn5aLEqKUlZ_Ad9U_fWr38GaAQ1oFAhT8ds245v7Q'

describe('reportableErrorType', () => {
  it("keeps the provider's snake_case types", () => {
    for (const type of ['invalid_argument', 'unauthorized_action', 'x', 'a'.repeat(64)]) {
      expect(reportableErrorType(type)).toBe(type)
    }
  })

  it.each([
    `bad_${TOKEN}`,
    `x${TOKEN}`,
    'cHVibGljLXRva2VuLXRlc3QtbG9jYWw6bVpBWW41YUxFcUtVbFpfQWQ5VV9mV3IzOEdhQVExb0ZBaFQ4ZHMyNDV2N1E=',
    'Invalid_Argument',
    'invalid-argument',
    'invalid argument',
    'a'.repeat(65),
    '',
    'ünknown',
  ])('names %s only as unrecognised', (type) => {
    expect(reportableErrorType(type)).toBe(UNRECOGNISED_ERROR_TYPE)
  })

  it('has nothing to say when there is no type', () => {
    for (const value of [undefined, null, 42, {}]) expect(reportableErrorType(value)).toBeNull()
  })
})

describe('reportableErrorMessage', () => {
  it("keeps the provider's sentences", () => {
    for (const message of [
      'Session could not be found.',
      'The request was invalid.',
      'Too many requests, try again in 10 seconds.',
    ]) {
      expect(reportableErrorMessage(message)).toBe(message)
    }
  })

  it.each([
    ['a token', `Session ${TOKEN} could not be found.`],
    ['a token glued to a word', `bad_${TOKEN}`],
    ['a hex run', 'Card 041E3C8A2D6B80AB4B00064004B0B3D3 refused.'],
    ['a short base64 run', 'Bad credential cHVibGljOnNlY3Jl.'],
    ['a JWT', 'Bad jwt eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1In0.c2ln.'],
    ['an email address', 'No account for josé@exämple.com.'],
    ['a secret pair', 'Invalid session_token=abc'],
    ['a control character', 'Line one\nLine two'],
    ['an overlong text', 'x '.repeat(101)],
    ['an empty text', ''],
  ])('drops a message with %s', (_label, message) => {
    expect(reportableErrorMessage(message)).toBeNull()
  })
})

describe('classifyAuthenticateResponse: the reason it reports', () => {
  const answer = (body: unknown) =>
    classifyAuthenticateResponse(400, 'application/json', JSON.stringify(body))

  it("carries the provider's type and message", () => {
    expect(answer({ error_type: 'invalid_argument', error_message: 'Bad.' })).toMatchObject({
      kind: 'recoverable',
      reason: 'HTTP 400 invalid_argument (Bad.)',
      unexpected: true,
    })
  })

  it('carries neither a token-shaped type nor a message holding a token', () => {
    const outcome = answer({ error_type: `bad_${TOKEN}`, error_message: `token ${TOKEN}` })
    expect(outcome).toMatchObject({ reason: `HTTP 400 ${UNRECOGNISED_ERROR_TYPE}` })
  })
})

describe('readProviderAnswer: the error type tabs get', () => {
  it('is the provider’s, or unrecognised', () => {
    const refused = (errorType: string) =>
      readProviderAnswer(400, 'application/json', JSON.stringify({ error_type: errorType }))
    expect(refused('invalid_argument')).toMatchObject({
      failure: { kind: 'refused', errorType: 'invalid_argument' },
    })
    expect(refused(`bad_${TOKEN}`)).toMatchObject({
      failure: { kind: 'refused', errorType: UNRECOGNISED_ERROR_TYPE },
    })
  })
})

describe('parseAuthenticateData: lists with holes', () => {
  const answer = (user: Record<string, unknown>, factors: unknown[] = []) => ({
    session_token: TOKEN,
    session_jwt: 'jwt',
    session: { expires_at: '2025-01-01T01:00:00Z', authentication_factors: factors },
    user: { user_id: 'user-test-1', ...user },
  })
  /** `list` with its item at `index` taken out, as a hole. */
  const holed = (list: unknown[], index: number) => {
    const copy = structuredClone(list)
    delete copy[index]
    return copy
  }

  it('refuses emails with a hole, naming it', () => {
    const emails = holed([{ email: 'a@example.com' }, { email: 'b@example.com' }], 0)
    expect(() => parseAuthenticateData(answer({ emails }))).toThrow('data.user.emails[0]')
  })

  it('reads phone numbers and factors around a hole, keeping none for it', () => {
    const phones = holed(
      [{ phone_number: '+14155550123' }, null, { phone_number: '+33612345678' }],
      1,
    )
    const factors = holed(
      [
        { last_authenticated_at: '2025-01-01T00:00:00Z' },
        { last_authenticated_at: '2025-01-01T00:01:00Z' },
      ],
      1,
    )
    const read = parseAuthenticateData(answer({ emails: [], phone_numbers: phones }, factors))
    expect(read.user.phone_numbers).toEqual([
      { phone_number: '+14155550123' },
      { phone_number: '+33612345678' },
    ])
    expect(read.session.authentication_factors).toEqual([
      { last_authenticated_at: '2025-01-01T00:00:00Z' },
    ])
    expect(Object.keys(read.session.authentication_factors ?? [])).toEqual(['0'])
  })
})

describe('the newest factor time: when the holder last proved they are present', () => {
  const answer = (factors: unknown) => ({
    session_token: TOKEN,
    session_jwt: 'jwt',
    session: { expires_at: '2025-01-01T01:00:00Z', authentication_factors: factors },
    user: { user_id: 'user-test-1', emails: [] },
  })
  const factorAt = (factors: unknown) =>
    toAuthenticatedSession(parseAuthenticateData(answer(factors))).factorAt

  it('is the newest last_authenticated_at among the session’s factors', () => {
    expect(
      factorAt([
        { type: 'otp', delivery_method: 'email', last_authenticated_at: '2025-01-01T00:00:00Z' },
        { type: 'webauthn', last_authenticated_at: '2025-01-01T00:03:00Z' },
        { type: 'magic_link', last_authenticated_at: '2025-01-01T00:01:00Z' },
      ]),
    ).toBe(Date.UTC(2025, 0, 1, 0, 3))
  })

  it('leaves out a factor without a readable time, and is null with none left', () => {
    expect(
      factorAt([
        { type: 'otp', last_authenticated_at: 'yesterday' },
        { type: 'otp', last_authenticated_at: 1735689600000 },
        { type: 'otp' },
        null,
        { type: 'otp', last_authenticated_at: '2025-01-01T00:02:00Z' },
      ]),
    ).toBe(Date.UTC(2025, 0, 1, 0, 2))
    for (const none of [undefined, null, [], 'factors', [{ type: 'otp' }]]) {
      expect(factorAt(none)).toBeNull()
    }
  })
})
