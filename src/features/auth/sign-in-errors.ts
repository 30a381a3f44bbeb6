/** What to tell a person when a sign-in step fails. */
import { i18n as activeI18n, type I18n, type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { isRecord } from '../../core/validation.ts'
import { errorWords } from '../../shared/error-words.ts'
import { isNetworkFailure } from '../../shared/network-failure.ts'
import {
  NOT_CONFIRMED_MESSAGE,
  providerFailureMessage,
  SERVICE_UNREACHABLE_MESSAGE,
} from '../../shared/provider-errors.ts'
import { HandoffError } from '../../session/session-client.ts'

/**
 * Words for the holder: a message, put in the language of the page when it is shown (so an error
 * on screen follows a change of language), or text passed through as it is (the provider's own).
 */
export type SignInMessage = MessageDescriptor | string

/**
 * `message` in `i18n`'s language (a component passes its own, from `useLingui`, so it renders
 * again when the language changes); text passed through stays as it is.
 */
export function inWords(message: SignInMessage, i18n: I18n = activeI18n): string {
  return typeof message === 'string' ? message : i18n._(message)
}

const OTHER_BROWSER = msg`Open the sign-in link in the same browser where you asked for it, or sign in with a code.`
const OAUTH_OTHER_BROWSER = msg`Finish signing in with Google or Apple in the browser where you started, or sign in with a code.`
const OAUTH_UNAVAILABLE = msg`This sign-in option is not available right now. Sign in with a code.`
const WRONG_CODE = msg`That code is not right, or it has expired. Check it, or send a new one.`
const USED_LINK = msg`This sign-in link has expired or was already used. Ask for a new one.`
/** Said for an address the provider refuses, and for one the app can tell is wrong. */
export const EMAIL_FORMAT = msg`Enter a valid email address, like name@example.com.`
/** Said for a number the provider refuses. */
export const PHONE_FORMAT = msg`Enter your mobile number with its country, like +1 415 555 0101 or 07700 900123 in the UK.`

/** Provider error types with a clearer message for this screen. */
const MESSAGES: Record<string, MessageDescriptor> = {
  otp_code_not_found: WRONG_CODE,
  unable_to_auth_otp_code: WRONG_CODE,
  too_many_requests: msg`Too many tries. Wait a minute, then send a new code.`,
  magic_link_not_found: USED_LINK,
  unable_to_auth_magic_link: USED_LINK,
  pkce_mismatch: OTHER_BROWSER,
  pkce_expected_code_verifier: OTHER_BROWSER,
  email_format: EMAIL_FORMAT,
  invalid_email: EMAIL_FORMAT,
  invalid_phone_number: PHONE_FORMAT,
}

/** Provider error types a Google or Apple sign-in ends with, said for the holder. */
const OAUTH_MESSAGES: Record<string, MessageDescriptor> = {
  oauth_token_not_found: msg`This Google or Apple sign-in has expired or was already used. Start it again.`,
  pkce_mismatch: OAUTH_OTHER_BROWSER,
  pkce_expected_code_verifier: OAUTH_OTHER_BROWSER,
  oauth_config_not_found: OAUTH_UNAVAILABLE,
  apple_oauth_config_not_found: OAUTH_UNAVAILABLE,
}

/** The message of a known provider error type, or of a failure to reach the provider. */
function knownMessage(error: unknown): SignInMessage | undefined {
  // The worker checks every sign-in at the provider before it keeps it (decision 025). The
  // error's own message is the same words in English only.
  if (error instanceof HandoffError) {
    return error.failure === 'refused' ? NOT_CONFIRMED_MESSAGE : SERVICE_UNREACHABLE_MESSAGE
  }
  if (!isRecord(error)) return undefined
  const type = error.error_type
  if (typeof type === 'string' && MESSAGES[type]) return MESSAGES[type]
  // Only a network failure: any other TypeError is a bug, and gets the generic words.
  if (isNetworkFailure(error)) return SERVICE_UNREACHABLE_MESSAGE
  return providerFailureMessage(error)
}

/** A friendly message for a provider or network failure; never includes a token. */
export function signInError(error: unknown): SignInMessage {
  // The provider's own words for an error type without a message here are shown as they are.
  return knownMessage(error) ?? errorWords(error)
}

/** Why a sign-in link that could not even be tried was refused (the landing's `reason`). */
export const UNUSABLE_LINK_TEXT = {
  malformed: msg`This sign-in link is incomplete or damaged. Open it again from the email, or sign in with a code.`,
  'unsupported-type': msg`This is not a sign-in link this app can use. Sign in with a code instead.`,
} as const satisfies Record<string, MessageDescriptor>

/** A friendly message for a sign-in link the provider refused; never includes the token. */
export function linkError(error: unknown): SignInMessage {
  // Whatever else the provider says about a link means the same to the holder.
  return (
    knownMessage(error) ??
    msg`This sign-in link did not work. Ask for a new one, or sign in with a code.`
  )
}

/** A friendly message for a Google or Apple sign-in the provider did not complete; never the token. */
export function oauthError(error: unknown): SignInMessage {
  const type = isRecord(error) ? error.error_type : undefined
  if (typeof type === 'string' && OAUTH_MESSAGES[type]) return OAUTH_MESSAGES[type]
  return (
    knownMessage(error) ??
    msg`Signing in with Google or Apple did not work. Try again, or sign in with a code.`
  )
}

/** True for a plausible email address; the provider has the final word. */
export function isValidEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value.trim())
}
