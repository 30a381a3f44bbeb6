import { describe, expect, it } from 'vitest'
import { AppError, errorToText, GENERIC_ERROR_TEXT } from './error-text.ts'

describe('errorToText', () => {
  it('reads the message of an HTTP client error body', () => {
    const error = Object.assign(new Error('Request failed with status 401'), {
      response: { status: 401, data: { message: 'Your session has expired.' } },
    })
    expect(errorToText(error)).toBe('Your session has expired.')
  })

  it("uses the app's own status-bearing error message", () => {
    expect(errorToText(new AppError('That card is not yours.', 403))).toBe(
      'That card is not yours.',
    )
  })

  it("uses a provider API error's message", () => {
    expect(
      errorToText({ error_type: 'otp_code_not_found', error_message: 'Code not found.' }),
    ).toBe('Code not found.')
  })

  it.each([
    new Error('TypeError: x is undefined'),
    'a string',
    null,
    undefined,
    { response: { data: { message: '' } } },
    { response: { data: 'html page' } },
    new AppError('', 500),
  ])('falls back to the generic text for %j', (error) => {
    expect(errorToText(error)).toBe(GENERIC_ERROR_TEXT)
  })
})
