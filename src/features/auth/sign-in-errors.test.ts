/** What a person is told when a sign-in step fails, a silent service included. */
import { describe, expect, it } from 'vitest'
import { SignInDeadlineError } from '../../shared/provider-client.ts'
import { HandoffError } from '../../session/session-client.ts'
import { linkErrorText, oauthErrorText, signInErrorText } from './sign-in-errors.ts'

const NOT_ANSWERING = 'The sign-in service is not answering. Check your connection and try again.'
const UNREACHABLE = 'Cannot reach the sign-in service. Check your connection and try again.'

describe('a sign-in the worker could not confirm', () => {
  it.each([signInErrorText, linkErrorText, oauthErrorText])('is said as such by %o', (text) => {
    expect(text(new HandoffError('refused'))).toBe(
      'That sign-in could not be confirmed. Sign in again.',
    )
    expect(text(new HandoffError('unreachable'))).toBe(UNREACHABLE)
  })
})

describe('signInErrorText', () => {
  it('says the service is not answering when a step ran past its deadline', () => {
    expect(signInErrorText(new SignInDeadlineError())).toBe(NOT_ANSWERING)
  })

  it('says the service cannot be reached when the network failed', () => {
    expect(signInErrorText(new TypeError('Failed to fetch'))).toBe(UNREACHABLE)
    expect(signInErrorText({ name: 'StytchAPIUnreachableError', message: 'x' })).toBe(UNREACHABLE)
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

  it('says the service is having trouble for a server error, never its own text', () => {
    for (const status_code of [500, 502, 503]) {
      expect(
        signInErrorText({
          error_type: 'internal_server_error',
          error_message: 'Injected fault',
          status_code,
        }),
      ).toBe('The sign-in service is having trouble right now. Try again in a moment.')
    }
    // A client error's own message is meant for people.
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
    expect(linkErrorText(new SignInDeadlineError())).toBe(NOT_ANSWERING)
  })

  it('says the link did not work for any other failure', () => {
    expect(linkErrorText(new Error('odd'))).toBe(
      'This sign-in link did not work. Ask for a new one, or sign in with a code.',
    )
  })
})
