/** Reading the cards API's answer to the events call, and the message shown when it fails. */
import { EVENTS_FAILURE_PREFIX, EVENTS_FAILURE_TEXT } from './events-failure-text.ts'
import { BodyTooLargeError } from './body-too-large.ts'
import { readPoapEventsBody, type PoapEventsRead } from './poap-events-body.ts'
import { isRecord, ValidationError } from './validation.ts'

/** The events call answered, but not with a usable list. */
export class EventsResponseError extends Error {
  override readonly name = 'EventsResponseError'
  /** HTTP status of the answer. */
  readonly status: number
  /** For a client error (4xx), the `message` of its JSON body, meant for people (spec §8). */
  readonly bodyMessage: string | undefined

  constructor(status: number, message: string, bodyMessage?: string) {
    super(message)
    this.status = status
    this.bodyMessage = bodyMessage
  }
}

/** Longest body message passed on to people; anything longer is not a message. */
const MAX_BODY_MESSAGE = 200

/** The `message` field of a client error's JSON body, when it is short readable text. */
function clientErrorMessage(status: number, text: string): string | undefined {
  if (status < 400 || status > 499) return undefined
  try {
    const body: unknown = JSON.parse(text)
    const message = isRecord(body) ? body.message : undefined
    if (typeof message !== 'string') return undefined
    const trimmed = message.trim()
    return trimmed !== '' && trimmed.length <= MAX_BODY_MESSAGE ? trimmed : undefined
  } catch {
    return undefined
  }
}

/**
 * The usable events of an answer and what in it could not be used; throws EventsResponseError
 * when the call failed, or ValidationError when the body has no `data` list.
 */
export function readEventsResponse(
  status: number,
  contentType: string | null,
  text: string,
): PoapEventsRead {
  if (status < 200 || status > 299) {
    throw new EventsResponseError(status, `HTTP ${status}`, clientErrorMessage(status, text))
  }
  if (!(contentType ?? '').toLowerCase().includes('application/json')) {
    throw new EventsResponseError(status, 'not JSON')
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new EventsResponseError(status, 'invalid JSON')
  }
  return readPoapEventsBody(body)
}

/**
 * A short message for tabs about why the events could not be loaded: a client error's own
 * `message` when it has a usable one (spec §8), else one of `EVENTS_FAILURE_TEXT`.
 */
export function describeEventsFailure(error: unknown): string {
  if (error instanceof EventsResponseError) {
    if (error.bodyMessage) return EVENTS_FAILURE_PREFIX + error.bodyMessage
    if (error.status >= 500 || error.status === 429) return EVENTS_FAILURE_TEXT.busy
    if (error.status >= 400) return EVENTS_FAILURE_TEXT.refused
    return EVENTS_FAILURE_TEXT.unreadable
  }
  // A body over the size limit is one the app will not read: the same words as a malformed one.
  if (error instanceof ValidationError || error instanceof BodyTooLargeError) {
    return EVENTS_FAILURE_TEXT.unreadable
  }
  return EVENTS_FAILURE_TEXT.unreachable
}
