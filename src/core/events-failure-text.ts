/**
 * The worker's sentences for an event list it could not load, in English: the page shows each in
 * the holder's language (src/shared/events-error.ts). A module of their own, so the page needs
 * none of the list's parsing to word them.
 */

/** What went wrong, in a holder's words: never a status code or a server's own error text. */
export const EVENTS_FAILURE_TEXT = {
  busy: 'The events service is having trouble right now. Your list will update once it is back.',
  refused: 'Could not load your events. Try again in a little while.',
  unreadable:
    'The events service sent an answer this app cannot read. Your list will update once it is fixed.',
  unreachable: 'Could not reach the events service.',
} as const

/** How a client error's own message is put into a sentence for the holder. */
export const EVENTS_FAILURE_PREFIX = 'Could not load your events: '
