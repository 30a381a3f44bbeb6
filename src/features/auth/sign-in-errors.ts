/** What to tell a person when a sign-in step fails. */
import { errorToText } from '../../core/error-text.ts'
import { isRecord } from '../../core/validation.ts'

/** Provider error types with a clearer message for this screen. */
const MESSAGES: Record<string, string> = {
  otp_code_not_found: 'That code is not right, or it has expired. Check it, or send a new one.',
  unable_to_auth_otp_code:
    'That code is not right, or it has expired. Check it, or send a new one.',
  too_many_requests: 'Too many tries. Wait a minute, then send a new code.',
  magic_link_not_found: 'This sign-in link has expired or was already used. Ask for a new one.',
  unable_to_auth_magic_link:
    'This sign-in link has expired or was already used. Ask for a new one.',
  pkce_mismatch:
    'Open the sign-in link in the same browser where you asked for it, or sign in with the code.',
  email_format: 'Enter a valid email address, like name@example.com.',
  invalid_email: 'Enter a valid email address, like name@example.com.',
}

/** A friendly message for a provider or network failure; never includes a token. */
export function signInErrorText(error: unknown): string {
  if (isRecord(error)) {
    const type = error.error_type
    if (typeof type === 'string' && MESSAGES[type]) return MESSAGES[type]
    if (error.name === 'StytchAPIUnreachableError' || error instanceof TypeError) {
      return 'Cannot reach the sign-in service. Check your connection and try again.'
    }
  }
  return errorToText(error)
}

/** True for a plausible email address; the provider has the final word. */
export function isValidEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value.trim())
}
