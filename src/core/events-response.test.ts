/** The events answer: every usable entry, a failure only without a data list; its message names what went wrong. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  describeEventsFailure,
  EventsResponseError,
  readEventsResponse,
} from './events-response.ts'
import { EVENTS_FAILURE_TEXT } from './events-failure-text.ts'
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

  it('says in plain words why, when the body has no usable message', () => {
    expect(failureOf(401, JSON_TYPE, '{"error":"x"}')).toBe(EVENTS_FAILURE_TEXT.refused)
    expect(failureOf(403, 'text/html', '<h1>Forbidden</h1>')).toBe(EVENTS_FAILURE_TEXT.refused)
    expect(failureOf(400, JSON_TYPE, JSON.stringify({ message: 'x'.repeat(201) }))).toBe(
      EVENTS_FAILURE_TEXT.refused,
    )
  })

  it('never passes on a server error body, and says the service is busy', () => {
    expect(failureOf(500, JSON_TYPE, '{"message":"stack trace here"}')).toBe(
      EVENTS_FAILURE_TEXT.busy,
    )
    expect(failureOf(429, JSON_TYPE, '{}')).toBe(EVENTS_FAILURE_TEXT.busy)
  })

  it('never shows a status code, whatever the answer', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 599 }),
        fc.constantFrom(JSON_TYPE, 'text/html', 'text/plain'),
        fc.string(),
        (status, type, body) => {
          let text = ''
          try {
            readEventsResponse(status, type, body)
          } catch (error) {
            text = describeEventsFailure(error)
          }
          expect(text).not.toMatch(/HTTP|\b[1-5]\d\d\b/)
        },
      ),
    )
  })

  it('names bad answers and unreachable servers', () => {
    expect(failureOf(200, 'text/html', '<html>')).toBe(EVENTS_FAILURE_TEXT.unreadable)
    expect(failureOf(200, JSON_TYPE, '{')).toBe(EVENTS_FAILURE_TEXT.unreadable)
    expect(failureOf(200, JSON_TYPE, '{"data":"no"}')).toBe(EVENTS_FAILURE_TEXT.unreadable)
    expect(describeEventsFailure(new TypeError('Failed to fetch'))).toBe(
      'Could not reach the events service.',
    )
    expect(new EventsResponseError(401, 'HTTP 401').bodyMessage).toBeUndefined()
  })
})
