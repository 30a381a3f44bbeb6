/** Reading the cards API's answer to the events call, and the message shown when it fails. */
import { parsePoapEvents, type PoapEvent } from './poap-event'
import { ValidationError } from './validation'

/** The events call answered, but not with a usable list. */
export class EventsResponseError extends Error {
  override readonly name = 'EventsResponseError'
  /** HTTP status of the answer. */
  readonly status: number

  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

/** The validated events of an answer; throws EventsResponseError or ValidationError otherwise. */
export function readEventsResponse(
  status: number,
  contentType: string | null,
  text: string,
): PoapEvent[] {
  if (status < 200 || status > 299) throw new EventsResponseError(status, `HTTP ${status}`)
  if (!(contentType ?? '').toLowerCase().includes('application/json')) {
    throw new EventsResponseError(status, 'not JSON')
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new EventsResponseError(status, 'invalid JSON')
  }
  return parsePoapEvents(body)
}

/** A short message for tabs about why the events could not be loaded. */
export function describeEventsFailure(error: unknown): string {
  if (error instanceof EventsResponseError) return `Could not load your events (${error.message}).`
  if (error instanceof ValidationError) return 'Could not load your events (unexpected data).'
  return 'Could not reach the events service.'
}
