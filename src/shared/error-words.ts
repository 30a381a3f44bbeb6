/**
 * Any error in the holder's words: the app's own (a sign-in or sign-out the worker did not answer
 * in time, the generic sentence) as messages of the catalogs; text a service wrote for people
 * (a provider's `error_message`, spec §8) passed through as it came.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { errorToText, GENERIC_ERROR_TEXT, SessionTimeoutError } from '../core/error-text.ts'

/** "Something went wrong.": what is said when nothing more precise is known. */
export const GENERIC_ERROR_MESSAGE = msg`Something went wrong.`

const TOO_LONG: Record<SessionTimeoutError['step'], MessageDescriptor> = {
  handoff: msg`Signing in took too long. Check your connection and try again.`,
  'sign-out': msg`Signing out took too long.`,
}

/** What to say of `error`: a message, or a service's own text as it came. */
export function errorWords(error: unknown): MessageDescriptor | string {
  if (error instanceof SessionTimeoutError) return TOO_LONG[error.step]
  const text = errorToText(error)
  return text === GENERIC_ERROR_TEXT ? GENERIC_ERROR_MESSAGE : text
}
