/**
 * Why the event list could not be loaded, in the holder's language. The worker sends one of its
 * fixed sentences in English (src/core/events-response.ts), or a sentence around the events
 * service's own message; each fixed one is shown translated, the service's message as it came.
 */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { EVENTS_FAILURE_PREFIX, EVENTS_FAILURE_TEXT } from '../core/events-failure-text.ts'

/** The worker's fixed sentences, each as a message. */
const FAILURES: Record<keyof typeof EVENTS_FAILURE_TEXT, MessageDescriptor> = {
  busy: msg`The events service is having trouble right now. Your list will update once it is back.`,
  refused: msg`Could not load your events. Try again in a little while.`,
  unreadable: msg`The events service sent an answer this app cannot read. Your list will update once it is fixed.`,
  unreachable: msg`Could not reach the events service.`,
}

/** The worker's `error` in `i18n`'s language; a sentence it does not know, as it came. */
export function eventsErrorText(error: string, i18n: I18n): string {
  for (const [kind, text] of Object.entries(EVENTS_FAILURE_TEXT)) {
    if (error === text) return i18n._(FAILURES[kind as keyof typeof EVENTS_FAILURE_TEXT])
  }
  // The service's own message (spec §8), in a sentence of ours.
  if (error.startsWith(EVENTS_FAILURE_PREFIX)) {
    const message = error.slice(EVENTS_FAILURE_PREFIX.length)
    return i18n._(msg`Could not load your events: ${message}`)
  }
  return error
}
