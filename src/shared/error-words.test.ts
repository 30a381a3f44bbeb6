import { describe, expect, it } from 'vitest'
import { AppError, SessionTimeoutError } from '../core/error-text.ts'
import { i18n } from './i18n.ts'
import { errorWords, GENERIC_ERROR_MESSAGE } from './error-words.ts'

const said = (error: unknown) => {
  const words = errorWords(error)
  return typeof words === 'string' ? words : i18n._(words)
}

describe('errorWords', () => {
  it('words the session’s timeouts by their step, as messages', () => {
    expect(said(new SessionTimeoutError('handoff'))).toBe(
      'Signing in took too long. Check your connection and try again.',
    )
    expect(said(new SessionTimeoutError('sign-out'))).toBe('Signing out took too long.')
    expect(typeof errorWords(new SessionTimeoutError('sign-out'))).toBe('object')
  })

  it('passes a service’s own words through, and says the generic sentence as a message', () => {
    expect(errorWords({ error_message: 'Phone number is invalid.' })).toBe(
      'Phone number is invalid.',
    )
    expect(errorWords(new AppError('Kept as written.', 400))).toBe('Kept as written.')
    expect(errorWords(new TypeError('Failed to fetch'))).toBe(GENERIC_ERROR_MESSAGE)
    expect(errorWords(null)).toBe(GENERIC_ERROR_MESSAGE)
  })
})
