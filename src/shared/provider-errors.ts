/**
 * What every sign-in method says when the sign-in service fails it: unreachable, past its
 * deadline, in trouble, or unable to confirm a sign-in. Each feature adds its own words around these.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { isRecord } from '../core/validation.ts'

/** Said when the sign-in service cannot be reached (offline, or its code did not load). */
export const SERVICE_UNREACHABLE_MESSAGE: MessageDescriptor = msg`Cannot reach the sign-in service. Check your connection and try again.`

/** Said when the worker could not confirm a sign-in at the provider (decision 025). */
export const NOT_CONFIRMED_MESSAGE: MessageDescriptor = msg`That sign-in could not be confirmed. Sign in again.`

const NOT_ANSWERING = msg`The sign-in service is not answering. Check your connection and try again.`
const TROUBLE = msg`The sign-in service is having trouble right now. Try again in a moment.`

/**
 * Words for a provider call the SDK could not deliver, that ran past its deadline, or that met a
 * server error; undefined for anything else, which the feature words itself.
 */
export function providerFailureMessage(error: unknown): MessageDescriptor | undefined {
  if (!isRecord(error)) return undefined
  if (error.name === 'StytchAPIUnreachableError') return SERVICE_UNREACHABLE_MESSAGE
  if (error.name === 'SignInDeadlineError') return NOT_ANSWERING
  // A server error's own text is for engineers ("Injected fault", "Internal server error").
  if (typeof error.status_code === 'number' && error.status_code >= 500) return TROUBLE
  return undefined
}
