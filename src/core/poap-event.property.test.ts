/** Properties of the strict event parser (storage, tab messages): total, round-trips, refuses any field of the wrong kind. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { keepUnchanged, parsePoapEvent, parsePoapEventList, type PoapEvent } from './poap-event.ts'
import { appEvent } from './testing/arbitraries.ts'
import { ValidationError } from './validation.ts'

/** A field of an event in the app's shape and a value of the wrong kind for it. */
const wrongField = fc.constantFrom<[keyof PoapEvent, unknown]>(
  ['id', ''],
  ['id', 42],
  ['name', 7],
  ['name', null],
  ['fancyId', 1],
  ['imageUrl', { href: 'x' }],
  ['startDate', 'soon'],
  ['endDate', '2023-02-31'],
  ['expiryDate', true],
  ['year', 2024.5],
  ['year', '2024'],
  ['city', ['Berlin']],
  ['status', ''],
  ['status', 3],
)

describe('parsePoapEvent: properties', () => {
  it('never throws but a ValidationError, for any value', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          appEvent.map((event) => ({ ...event, extra: 1 })),
        ),
        (value) => {
          try {
            parsePoapEvent(value)
          } catch (error) {
            expect(error).toBeInstanceOf(ValidationError)
          }
        },
      ),
      { numRuns: 500 },
    )
  })

  // What the app stores or posts reads back as it was: through JSON (storage) or cloning (messages).
  it('reads every event of the app’s shape back as it was', () => {
    fc.assert(
      fc.property(fc.array(appEvent, { maxLength: 4 }), (events) => {
        expect(parsePoapEventList(JSON.parse(JSON.stringify(events)))).toEqual(events)
        expect(parsePoapEventList(structuredClone(events))).toEqual(events)
      }),
      { numRuns: 200 },
    )
  })

  // Strict: a stored list is the app's own writing, so one field of the wrong kind refuses the list.
  it('refuses an event, and its whole list, when any field is of the wrong kind', () => {
    fc.assert(
      fc.property(
        fc.array(appEvent, { minLength: 1, maxLength: 4 }),
        wrongField,
        fc.nat(),
        (events, [field, value], pick) => {
          const index = pick % events.length
          const bad = { ...events[index], [field]: value }
          expect(() => parsePoapEvent(bad)).toThrow(ValidationError)
          const list = events.map((event, at) => (at === index ? bad : event))
          expect(() => parsePoapEventList(list)).toThrow(`events[${index}].${field}`)
        },
      ),
      { numRuns: 200 },
    )
  })
})

describe('keepUnchanged: properties', () => {
  /** A list as a refresh would bring it: unique ids, any order. */
  const list = fc.uniqueArray(appEvent, { selector: (event) => event.id, maxLength: 8 })

  it('is always equal to the new list, reusing exactly the events that did not change', () => {
    fc.assert(
      fc.property(list, list, fc.boolean(), (before, fresh, overlap) => {
        // With overlap, the refresh brings copies of some old events (same values, new objects).
        const next = overlap
          ? [...before.slice(0, 3).map((event) => ({ ...event })), ...fresh].filter(
              (event, i, all) => all.findIndex((other) => other.id === event.id) === i,
            )
          : fresh
        const kept = keepUnchanged(before, next)
        expect(kept).toEqual(next)
        kept.forEach((event, i) => {
          const old = before.find((candidate) => candidate.id === event.id)
          const same = old !== undefined && JSON.stringify(old) === JSON.stringify(next[i])
          expect(event === old).toBe(same)
        })
      }),
    )
  })

  it('gives back the old list itself when the refresh changed nothing', () => {
    fc.assert(
      fc.property(list, (before) => {
        const copy = before.map((event) => ({ ...event }))
        expect(keepUnchanged(before, copy)).toBe(before)
        expect(keepUnchanged(null, copy)).toBe(copy)
      }),
    )
  })
})
