/** The sign-in service's failures in the words every sign-in method uses. */
import { i18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { providerFailureMessage, SERVICE_UNREACHABLE_MESSAGE } from './provider-errors.ts'
import { SignInDeadlineError } from './provider-client.ts'

/** providerFailureMessage as a screen shows it, in English (the tests' language). */
function providerFailureText(error: unknown): string | undefined {
  const message = providerFailureMessage(error)
  return message && i18n._(message)
}

describe('providerFailureMessage', () => {
  it('says the service cannot be reached when the SDK could not deliver the call', () => {
    expect(providerFailureMessage({ name: 'StytchAPIUnreachableError', message: 'x' })).toBe(
      SERVICE_UNREACHABLE_MESSAGE,
    )
    expect(i18n._(SERVICE_UNREACHABLE_MESSAGE)).toBe(
      'Cannot reach the sign-in service. Check your connection and try again.',
    )
  })

  it('says the service is not answering when a call ran past its deadline', () => {
    expect(providerFailureText(new SignInDeadlineError())).toBe(
      'The sign-in service is not answering. Check your connection and try again.',
    )
  })

  it('says the service is having trouble for a server error, never its own text', () => {
    for (const status_code of [500, 502, 503]) {
      expect(
        providerFailureText({
          error_type: 'internal_server_error',
          error_message: 'Injected fault',
          status_code,
        }),
      ).toBe('The sign-in service is having trouble right now. Try again in a moment.')
    }
  })

  it('leaves anything else to the feature: client errors, bare network failures, non-errors', () => {
    expect(
      providerFailureText({ error_type: 'new_kind', error_message: 'No.', status_code: 400 }),
    ).toBeUndefined()
    expect(providerFailureText(new TypeError('Failed to fetch'))).toBeUndefined()
    expect(providerFailureText(new Error('odd'))).toBeUndefined()
    expect(providerFailureText('boom')).toBeUndefined()
    expect(providerFailureText(undefined)).toBeUndefined()
  })
})
