/** Properties of the events body reader: total, and tolerant entry by entry and field by field. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parsePoapEventList } from './poap-event.ts'
import { readPoapEventsBody, type PoapEventsRead } from './poap-events-body.ts'
import {
  camelShapeEntry,
  charsOf,
  HEX_DIGITS,
  poapShapeEntry,
  type RawEntry,
} from './testing/arbitraries.ts'
import { isRecord, ValidationError } from './validation.ts'

/** Every name the reader takes an id from. */
const ID_NAMES = ['id', 'event_id', 'eventId']

/** A list of good entries of both shapes, distinct ids, in any order of shapes. */
const goodEntries: fc.Arbitrary<RawEntry[]> = fc
  .tuple(
    fc.uniqueArray(fc.integer({ min: 1, max: 10_000_000 }), { maxLength: 4 }),
    fc.uniqueArray(charsOf(HEX_DIGITS.slice(0, 16), 8), { maxLength: 4 }),
  )
  .chain(([numbers, hexes]) =>
    fc.tuple(
      ...numbers.map((id) => poapShapeEntry(id)),
      ...hexes.map((hex) => camelShapeEntry(`evt-${hex}-meetup`)),
    ),
  )
  .chain((entries) => fc.shuffledSubarray(entries, { minLength: entries.length }))

/** Something in an id's place that is not a usable id. */
const unusableId = fc.oneof(
  fc.constantFrom(null, '', '   ', true, false, [], {}, [7], Number.NaN, Number.POSITIVE_INFINITY),
  fc.object({ maxDepth: 1 }),
)

/**
 * An entry nothing can be made of: not an object, or an object whose every id name is absent or
 * unusable (whatever else it holds, known field names included).
 */
const junkEntry: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything().filter((value) => !isRecord(value)),
  fc
    .tuple(
      fc.dictionary(
        fc.oneof(
          fc.constantFrom('name', 'title', 'start_date', 'startDate', 'status'),
          fc.string(),
        ),
        fc.anything({ maxDepth: 1 }),
        { maxKeys: 4 },
      ),
      fc.dictionary(fc.constantFrom(...ID_NAMES), unusableId, { maxKeys: 3 }),
    )
    .map(([fields, ids]) => {
      const entry: Record<string, unknown> = { ...fields, ...ids }
      for (const name of ID_NAMES) if (!Object.hasOwn(ids, name)) delete entry[name]
      return entry
    }),
)

/** Junk slipped in among the good entries at any places (the good ones keep their order). */
const mixedList = fc
  .tuple(goodEntries, fc.array(fc.tuple(fc.nat(), junkEntry), { maxLength: 6 }))
  .map(([good, junk]) => {
    const data: unknown[] = good.map((entry) => entry.raw)
    for (const [at, entry] of junk) data.splice(at % (data.length + 1), 0, entry)
    return { good, junk: junk.length, data }
  })

describe('readPoapEventsBody: properties', () => {
  // Per entry: a list of good entries of both shapes (POAP's snake_case with `DD-Mon-YYYY` days,
  // the camelCase with ISO instants) and junk yields exactly the good ones, in order, each read
  // as it says, and counts the junk; nothing else is reported.
  // Budget: 300 lists, about 0.5 s alone here (1 to 2 ms a list); 60 s holds on a machine 4x
  // slower under a full run's load.
  it('keeps exactly the good entries of a mixed list, in order, and counts the rest', () => {
    fc.assert(
      fc.property(mixedList, ({ good, junk, data }) => {
        expect(readPoapEventsBody({ data })).toEqual({
          events: good.map((entry) => entry.event),
          problems: { dropped: junk, unknownStatuses: [], unreadableFields: [] },
        })
      }),
      { numRuns: 300 },
    )
  }, 60_000)

  // Per field: a field of the wrong kind is read as unknown and named in the report; the entry
  // and every other field stay as they were.
  it('reads a field of the wrong kind as unknown and names it, keeping the entry', () => {
    const wrongKind = fc.constantFrom(
      ['city', 'city', 42],
      ['start_date', 'startDate', 'soon'],
      ['end_date', 'endDate', '31-Feb-2023'],
      ['year', 'year', 'next year'],
      ['event_url', 'eventUrl', { href: 'x' }],
      ['status', 'status', 7],
    )
    fc.assert(
      fc.property(goodEntries, wrongKind, fc.nat(), (entries, [snake, field, value], pick) => {
        fc.pre(entries.length > 0)
        const index = pick % entries.length
        const data = entries.map(({ raw }, at) =>
          at !== index ? raw : { ...raw, [Object.hasOwn(raw, snake) ? snake : field]: value },
        )
        const { events, problems } = readPoapEventsBody({ data })
        const expected = entries.map(({ event }, at) =>
          at !== index ? event : { ...event, [field]: null },
        )
        expect(events).toEqual(expected)
        expect(problems).toEqual({ dropped: 0, unknownStatuses: [], unreadableFields: [field] })
      }),
      { numRuns: 300 },
    )
  })

  // Total: any body either has a `data` list, and is read, or is refused with a ValidationError;
  // what it reads is always the app's own valid shape, one event per id.
  it('never throws but a ValidationError, and gives only valid events with distinct ids', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.array(fc.oneof(junkEntry, fc.anything())).map((data) => ({ data })),
          mixedList.map(({ data }) => ({ data })),
        ),
        (body) => {
          let read: PoapEventsRead
          try {
            read = readPoapEventsBody(body)
          } catch (error) {
            expect(error).toBeInstanceOf(ValidationError)
            expect(isRecord(body) && Array.isArray(body.data)).toBe(false)
            return
          }
          const data = (body as { data: unknown[] }).data
          expect(read.events.length + read.problems.dropped).toBe(data.length)
          expect(new Set(read.events.map((event) => event.id)).size).toBe(read.events.length)
          expect(parsePoapEventList(structuredClone(read.events))).toEqual(read.events)
        },
      ),
      { numRuns: 500 },
    )
  })
})
