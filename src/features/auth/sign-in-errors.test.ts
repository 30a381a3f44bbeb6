/** What a person is told when a sign-in step fails, a silent service included. */
import { describe, expect, it } from 'vitest'
import { SignInDeadlineError } from '../../shared/provider-client.ts'
import { i18n } from '../../shared/i18n.ts'
import { NOT_CONFIRMED_MESSAGE, SERVICE_UNREACHABLE_MESSAGE } from '../../shared/provider-errors.ts'
import { HandoffError } from '../../session/session-client.ts'
import { inWords, linkError, oauthError, signInError } from './sign-in-errors.ts'

// Each failure as the screens word it, in the active language (English here).
const signInErrorText = (error: unknown) => inWords(signInError(error))
const linkErrorText = (error: unknown) => inWords(linkError(error))
const oauthErrorText = (error: unknown) => inWords(oauthError(error))

const NOT_CONFIRMED_TEXT = i18n._(NOT_CONFIRMED_MESSAGE)
const UNREACHABLE = i18n._(SERVICE_UNREACHABLE_MESSAGE)
const NOT_ANSWERING = 'The sign-in service is not answering. Check your connection and try again.'

describe('a sign-in the worker could not confirm', () => {
  it.each([signInErrorText, linkErrorText, oauthErrorText])('is said as such by %o', (text) => {
    expect(text(new HandoffError('refused'))).toBe(NOT_CONFIRMED_TEXT)
    expect(text(new HandoffError('unreachable'))).toBe(UNREACHABLE)
  })
})

// The sign-in service's own failures (unreachable, past its deadline, server errors) are worded
// in src/shared/provider-errors.ts and tested there; here, what the sign-in adds around them.
describe('signInErrorText', () => {
  it('says the service cannot be reached when the network failed', () => {
    expect(signInErrorText(new TypeError('Failed to fetch'))).toBe(UNREACHABLE)
    // Firefox's and Safari's fetch, which the SDK does not wrap.
    expect(signInErrorText(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(
      UNREACHABLE,
    )
    expect(signInErrorText(new TypeError('Load failed'))).toBe(UNREACHABLE)
  })

  it('says nothing of the network, nor the library’s words, for a TypeError that is a bug', () => {
    const text = signInErrorText(new TypeError("Cannot read properties of undefined (reading 'x')"))
    expect(text).not.toBe(UNREACHABLE)
    expect(text).not.toContain('Cannot read')
  })

  it('shows a client error’s own message, which is meant for people', () => {
    expect(
      signInErrorText({
        error_type: 'new_kind',
        error_message: 'Provider says no.',
        status_code: 400,
      }),
    ).toBe('Provider says no.')
  })

  it('explains a known provider error, and shows an unknown one’s own message', () => {
    expect(signInErrorText({ error_type: 'too_many_requests', error_message: 'x' })).toBe(
      'Too many tries. Wait a minute, then send a new code.',
    )
    expect(signInErrorText({ error_type: 'new_kind', error_message: 'Provider says no.' })).toBe(
      'Provider says no.',
    )
  })
})

describe('linkErrorText', () => {
  it('says the service is not answering when the link’s check ran past its deadline', () => {
    // The shared words come before the link's own fallback.
    expect(linkErrorText(new SignInDeadlineError())).toBe(NOT_ANSWERING)
  })

  it('says the link did not work for any other failure', () => {
    expect(linkErrorText(new Error('odd'))).toBe(
      'This sign-in link did not work. Ask for a new one, or sign in with a code.',
    )
  })
})
