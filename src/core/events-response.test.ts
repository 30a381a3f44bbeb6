/** The events answer: every usable entry, a failure only without a data list; its message names what went wrong. */
import { describe, expect, it } from 'vitest'
import {
  describeEventsFailure,
  EventsResponseError,
  readEventsResponse,
} from './events-response.ts'
import { ValidationError } from './validation.ts'

const JSON_TYPE = 'application/json; charset=utf-8'

/** The message tabs show for an answer that is not a list. */
function failureOf(status: number, contentType: string | null, text: string): string {
  try {
    readEventsResponse(status, contentType, text)
  } catch (error) {
    return describeEventsFailure(error)
  }
  throw new Error('expected a failure')
}

describe('readEventsResponse', () => {
  it('returns the usable events and what could not be used', () => {
    expect(readEventsResponse(200, JSON_TYPE, '{"data":[]}')).toEqual({
      events: [],
      problems: { dropped: 0, unknownStatuses: [], unreadableFields: [] },
    })
    const { events, problems } = readEventsResponse(
      200,
      JSON_TYPE,
      '{"data":[{"id":1},{"name":"no id"},{"id":2,"status":"claimed"}]}',
    )
    expect(events.map((event) => event.id)).toEqual(['1', '2'])
    expect(problems).toMatchObject({ dropped: 1, unknownStatuses: ['claimed'] })
  })

  it('refuses only a body without a data list', () => {
    expect(() => readEventsResponse(200, JSON_TYPE, '{"data":{"id":1}}')).toThrow(ValidationError)
  })
})

describe('describeEventsFailure', () => {
  it("shows a client error's body message (spec §8)", () => {
    expect(failureOf(401, JSON_TYPE, '{"message":"Session expired."}')).toBe(
      'Could not load your events: Session expired.',
    )
  })

  it('falls back to the status when the body has no usable message', () => {
    expect(failureOf(401, JSON_TYPE, '{"error":"x"}')).toBe(
      'Could not load your events (HTTP 401).',
    )
    expect(failureOf(403, 'text/html', '<h1>Forbidden</h1>')).toBe(
      'Could not load your events (HTTP 403).',
    )
    expect(failureOf(400, JSON_TYPE, JSON.stringify({ message: 'x'.repeat(201) }))).toBe(
      'Could not load your events (HTTP 400).',
    )
  })

  it('never passes on a server error body', () => {
    expect(failureOf(500, JSON_TYPE, '{"message":"stack trace here"}')).toBe(
      'Could not load your events (HTTP 500).',
    )
  })

  it('names bad answers and unreachable servers', () => {
    expect(failureOf(200, 'text/html', '<html>')).toBe('Could not load your events (not JSON).')
    expect(failureOf(200, JSON_TYPE, '{')).toBe('Could not load your events (invalid JSON).')
    expect(failureOf(200, JSON_TYPE, '{"data":"no"}')).toBe(
      'Could not load your events (unexpected data).',
    )
    expect(describeEventsFailure(new TypeError('Failed to fetch'))).toBe(
      'Could not reach the events service.',
    )
    expect(new EventsResponseError(401, 'HTTP 401').bodyMessage).toBeUndefined()
  })
})
