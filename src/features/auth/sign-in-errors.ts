/** What to tell a person when a sign-in step fails. */
import { errorToText } from '../../core/error-text.ts'
import { isRecord } from '../../core/validation.ts'
import { isNetworkFailure } from '../../shared/network-failure.ts'
import { providerFailureText, SERVICE_UNREACHABLE_TEXT } from '../../shared/provider-errors.ts'
import { HandoffError } from '../../session/session-client.ts'

const OTHER_BROWSER =
  'Open the sign-in link in the same browser where you asked for it, or sign in with a code.'
const OAUTH_OTHER_BROWSER =
  'Finish signing in with Google or Apple in the browser where you started, or sign in with a code.'
const OAUTH_UNAVAILABLE = 'This sign-in option is not available right now. Sign in with a code.'
/** Said for a number the provider refuses, and for one the app can tell is wrong. */
export const PHONE_FORMAT =
  'Enter your mobile number with its country, like +1 415 555 0101 or 07700 900123 in the UK.'

/** Provider error types with a clearer message for this screen. */
const MESSAGES: Record<string, string> = {
  otp_code_not_found: 'That code is not right, or it has expired. Check it, or send a new one.',
  unable_to_auth_otp_code:
    'That code is not right, or it has expired. Check it, or send a new one.',
  too_many_requests: 'Too many tries. Wait a minute, then send a new code.',
  magic_link_not_found: 'This sign-in link has expired or was already used. Ask for a new one.',
  unable_to_auth_magic_link:
    'This sign-in link has expired or was already used. Ask for a new one.',
  pkce_mismatch: OTHER_BROWSER,
  pkce_expected_code_verifier: OTHER_BROWSER,
  email_format: 'Enter a valid email address, like name@example.com.',
  invalid_email: 'Enter a valid email address, like name@example.com.',
  invalid_phone_number: PHONE_FORMAT,
}

/** Provider error types a Google or Apple sign-in ends with, said for the holder. */
const OAUTH_MESSAGES: Record<string, string> = {
  oauth_token_not_found:
    'This Google or Apple sign-in has expired or was already used. Start it again.',
  pkce_mismatch: OAUTH_OTHER_BROWSER,
  pkce_expected_code_verifier: OAUTH_OTHER_BROWSER,
  oauth_config_not_found: OAUTH_UNAVAILABLE,
  apple_oauth_config_not_found: OAUTH_UNAVAILABLE,
}

/** The message of a known provider error type, or of a failure to reach the provider. */
function knownText(error: unknown): string | undefined {
  // The worker checks every sign-in at the provider before it keeps it (decision 025).
  if (error instanceof HandoffError) return error.message
  if (!isRecord(error)) return undefined
  const type = error.error_type
  if (typeof type === 'string' && MESSAGES[type]) return MESSAGES[type]
  // Only a network failure: any other TypeError is a bug, and gets the generic words.
  if (isNetworkFailure(error)) return SERVICE_UNREACHABLE_TEXT
  return providerFailureText(error)
}

/** A friendly message for a provider or network failure; never includes a token. */
export function signInErrorText(error: unknown): string {
  return knownText(error) ?? errorToText(error)
}

/** Why a sign-in link that could not even be tried was refused (the landing's `reason`). */
export const UNUSABLE_LINK_TEXT = {
  malformed:
    'This sign-in link is incomplete or damaged. Open it again from the email, or sign in with a code.',
  'unsupported-type': 'This is not a sign-in link this app can use. Sign in with a code instead.',
} as const

/** A friendly message for a sign-in link the provider refused; never includes the token. */
export function linkErrorText(error: unknown): string {
  // Whatever else the provider says about a link means the same to the holder.
  return (
    knownText(error) ?? 'This sign-in link did not work. Ask for a new one, or sign in with a code.'
  )
}

/** A friendly message for a Google or Apple sign-in the provider did not complete; never the token. */
export function oauthErrorText(error: unknown): string {
  const type = isRecord(error) ? error.error_type : undefined
  if (typeof type === 'string' && OAUTH_MESSAGES[type]) return OAUTH_MESSAGES[type]
  return (
    knownText(error) ??
    'Signing in with Google or Apple did not work. Try again, or sign in with a code.'
  )
}

/** True for a plausible email address; the provider has the final word. */
export function isValidEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value.trim())
}
