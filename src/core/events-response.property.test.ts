/** Properties of reading the events call's answer: total, and only the two errors the engine expects. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  describeEventsFailure,
  EventsResponseError,
  readEventsResponse,
} from './events-response.ts'
import { EVENTS_FAILURE_TEXT } from './events-failure-text.ts'
import { readPoapEventsBody } from './poap-events-body.ts'
import { camelShapeEntry, poapShapeEntry } from './testing/arbitraries.ts'
import { ValidationError } from './validation.ts'

/** An answer's body text: JSON of a good list, of anything, a message, or any text. */
const bodyText = fc.oneof(
  fc
    .array(fc.oneof(poapShapeEntry(70020), camelShapeEntry('evt-1'), fc.constant({ id: null })), {
      maxLength: 3,
    })
    .map((entries) =>
      JSON.stringify({ data: entries.map((entry) => ('raw' in entry ? entry.raw : entry)) }),
    ),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc
    .oneof(fc.string(), fc.string({ minLength: 190, maxLength: 260 }))
    .map((message) => JSON.stringify({ message })),
  fc.string(),
)

const contentType = fc.oneof(
  fc.constantFrom('application/json', 'Application/JSON; charset=utf-8', 'text/html', null),
  fc.string(),
)

describe('readEventsResponse: properties', () => {
  // The engine tells "the service answered badly" from "no service" by these two errors alone.
  it('reads a 2xx JSON list, and otherwise throws only EventsResponseError or ValidationError', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999 }), contentType, bodyText, (status, type, text) => {
        let read
        try {
          read = readEventsResponse(status, type, text)
        } catch (error) {
          expect(error instanceof EventsResponseError || error instanceof ValidationError).toBe(
            true,
          )
          if (status < 200 || status > 299) expect(error).toMatchObject({ status })
          return
        }
        expect(status >= 200 && status <= 299).toBe(true)
        expect((type ?? '').toLowerCase()).toContain('application/json')
        expect(read).toEqual(readPoapEventsBody(JSON.parse(text)))
      }),
      { numRuns: 500 },
    )
  })

  // Whatever failed, the holder reads one of the plain texts, or a client error's own short message.
  it('describes any failure in plain words, never throwing', () => {
    const plain: string[] = Object.values(EVENTS_FAILURE_TEXT)
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.tuple(fc.integer({ min: 0, max: 999 }), bodyText).map(([status, text]) => {
            try {
              readEventsResponse(status, 'application/json', text)
            } catch (error) {
              return error
            }
            return null
          }),
        ),
        (error) => {
          const text = describeEventsFailure(error)
          if (plain.includes(text)) return
          expect(error).toBeInstanceOf(EventsResponseError)
          const message = (error as EventsResponseError).bodyMessage
          expect(text).toBe(`Could not load your events: ${message}`)
          expect(message?.length).toBeLessThanOrEqual(200)
        },
      ),
      { numRuns: 500 },
    )
  })
})
