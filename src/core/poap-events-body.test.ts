/** The tolerant body reader: real POAP payloads, camelCase, and mixed lists where every usable entry survives. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_EVENTS } from './constants.ts'
import { parsePoapEventList } from './poap-event.ts'
import { problemsKey, readPoapEventsBody, UNTITLED_EVENT } from './poap-events-body.ts'
import { ValidationError } from './validation.ts'

/** A POAP event as POAP's API returns it, plus the cards API's status. */
const POAP = {
  id: 70020,
  fancy_id: 'ethglobal-2022',
  name: 'ETHGlobal 2022',
  event_url: 'https://ethglobal.com',
  image_url: 'https://assets.poap.xyz/x.png',
  country: '',
  city: '',
  description: 'Hackathon weekend.',
  year: 2022,
  start_date: '16-Sep-2022',
  end_date: '18-Sep-2022',
  expiry_date: '18-Oct-2022',
  status: 'active',
}

/** The same kind of event as the first version of the cards API sent it. */
const CAMEL = {
  id: 'ev-7',
  name: 'Berlin meetup',
  description: null,
  imageUrl: 'https://img.example/7.png',
  startDate: '2025-05-01T18:00:00Z',
  endDate: '2025-05-01T23:00:00.123456+02:00',
  city: 'Berlin',
  country: 'Germany',
  eventUrl: null,
  status: 'PENDING_APPROVAL',
}

const read = (...data: unknown[]) => readPoapEventsBody({ data })
const NO_PROBLEMS = { dropped: 0, unknownStatuses: [], unreadableFields: [] }

describe('readPoapEventsBody', () => {
  it('reads a real POAP event: snake_case, number id, DD-Mon-YYYY days, "" places', () => {
    expect(read(POAP)).toEqual({
      events: [
        {
          id: '70020',
          fancyId: 'ethglobal-2022',
          name: 'ETHGlobal 2022',
          description: 'Hackathon weekend.',
          imageUrl: 'https://assets.poap.xyz/x.png',
          startDate: '2022-09-16',
          endDate: '2022-09-18',
          expiryDate: '2022-10-18',
          year: 2022,
          city: null,
          country: null,
          eventUrl: 'https://ethglobal.com',
          status: 'active',
        },
      ],
      problems: NO_PROBLEMS,
    })
  })

  it('reads a POAP event without image_url, place or status', () => {
    const left = new Set(['image_url', 'city', 'country', 'status'])
    const bare = Object.fromEntries(Object.entries(POAP).filter(([key]) => !left.has(key)))
    const [event] = read(bare).events
    expect(event).toMatchObject({ imageUrl: null, city: null, country: null, status: null })
  })

  it('reads camelCase, normalising dates (any fraction, offsets) and the status', () => {
    const { events, problems } = read(CAMEL)
    expect(events[0]).toEqual({
      ...CAMEL,
      fancyId: null,
      startDate: '2025-05-01T18:00:00.000Z',
      endDate: '2025-05-01T21:00:00.123Z',
      expiryDate: null,
      year: null,
      status: 'pending-approval',
    })
    expect(problems).toEqual(NO_PROBLEMS)
  })

  it('accepts event_id and title, and trims text', () => {
    const [event] = read({ event_id: ' 9 ', title: '  Launch party ', city: ' Lisbon ' }).events
    expect(event).toMatchObject({ id: '9', name: 'Launch party', city: 'Lisbon' })
  })

  it('shows hostile names, places and descriptions without bidi or control characters', () => {
    const [event, blank] = read(
      {
        id: 1,
        name: '\u202Egnp.exe',
        fancy_id: 'a\u2066b',
        city: '\u2067القاهرة\u2069\u0000',
        country: 'E\u001B[2Jgypt\u200F',
        description: 'Line one\u202B\r\nLine \u0007two\u2069',
      },
      { id: 2, name: '\u202E\u2066\u0000', city: '\u200E' },
    ).events
    expect(event).toMatchObject({
      name: 'gnp.exe',
      fancyId: 'ab',
      city: 'القاهرة',
      country: 'E[2Jgypt',
      description: 'Line one\nLine two',
    })
    // Nothing left to show is no text at all.
    expect(blank).toMatchObject({ name: UNTITLED_EVENT, city: null })
  })

  it('names an entry without a name from its slug, else "Untitled event"', () => {
    const { events } = read(
      { id: 1, fancy_id: 'devcon-vi_bogota' },
      { id: 2, name: '   ' },
      { id: 3, name: 42, fancy_id: 'x' },
    )
    expect(events.map((e) => e.name)).toEqual(['Devcon vi bogota', UNTITLED_EVENT, 'X'])
  })

  it('keeps every usable event of a mixed list, and says what it could not use', () => {
    const { events, problems } = read(
      POAP,
      { ...CAMEL, id: 'unknown-status', status: 'Claimed' },
      { ...POAP, id: undefined },
      { ...POAP, id: '' },
      { ...POAP, id: { n: 1 } },
      { ...POAP, id: Number.POSITIVE_INFINITY },
      { ...POAP, id: 'broken', city: 3, start_date: 'soon', year: 'then', image_url: [] },
      { id: 'bare' },
      null,
      'an event',
      7,
      [POAP],
      { ...CAMEL, id: 'also-unknown', status: 'on hold' },
      { ...CAMEL, id: 'claimed-again', status: 'CLAIMED' },
    )
    expect(events.map((e) => e.id)).toEqual([
      '70020',
      'unknown-status',
      'broken',
      'bare',
      'also-unknown',
      'claimed-again',
    ])
    expect(events[1]?.status).toBe('claimed')
    expect(events[2]).toMatchObject({
      name: 'ETHGlobal 2022',
      city: null,
      startDate: null,
      endDate: '2022-09-18',
      year: null,
      imageUrl: null,
    })
    expect(events[3]).toMatchObject({ name: UNTITLED_EVENT, startDate: null, status: null })
    expect(problems).toEqual({
      dropped: 8,
      unknownStatuses: ['claimed', 'on-hold'],
      unreadableFields: ['city', 'imageUrl', 'startDate', 'year'],
    })
  })

  it('keeps no names, descriptions or places in the summary, and only short plain status words', () => {
    const { problems } = read(
      { id: 1, name: 'Alice’s wedding', description: 'Secret', city: 4, status: 'Claimed' },
      { name: 'Bob’s birthday', city: 'Bobville', country: 'Narnia' },
      { id: 2, status: `weird <b>${'x'.repeat(60)}</b>` },
    )
    expect(JSON.stringify(problems)).not.toMatch(/Alice|Secret|Bob|Narnia/)
    expect(problems.unknownStatuses).toEqual(['claimed', `weird-?b?${'x'.repeat(31)}`])
  })

  it('keeps the first of two entries with the same id and counts the other', () => {
    const { events, problems } = readPoapEventsBody({
      data: [
        { id: 7, name: 'First', status: 'active' },
        { id: '7', name: 'Second', status: 'expired' },
      ],
    })
    expect(events.map((event) => event.name)).toEqual(['First'])
    expect(problems.dropped).toBe(1)
  })

  it('fails only when the body has no data list', () => {
    expect(read().events).toEqual([])
    for (const body of [null, [], {}, { data: null }, { data: { id: 1 } }, { data: 'x' }]) {
      expect(() => readPoapEventsBody(body)).toThrow(ValidationError)
    }
  })

  it('gives what it reads in the app’s own shape, which the strict parser accepts', () => {
    const { events } = read(POAP, CAMEL, { id: 5 }, { ...POAP, id: 'x', status: 'weird' })
    expect(parsePoapEventList(JSON.parse(JSON.stringify(events)))).toEqual(events)
  })
})

/** Bidi controls and control characters but the line break. */
const HIDDEN =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u0000-\u0009\u000B-\u001F\u007F-\u009F]/

describe('properties', () => {
  /** An id the reader must keep: a non-blank string or a finite number. */
  const usableId = fc.oneof(
    fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  )

  /** An entry with a usable id and any JSON in any other field, known names included. */
  const usableEntry = fc
    .tuple(
      usableId,
      fc.dictionary(
        fc.constantFrom(
          'name',
          'title',
          'fancy_id',
          'start_date',
          'endDate',
          'expiry_date',
          'year',
          'city',
          'country',
          'image_url',
          'eventUrl',
          'description',
          'status',
          'other',
        ),
        // Any JSON, any code point, and text built of the characters that hide or reorder text.
        fc.oneof(
          fc.jsonValue(),
          fc.string({ unit: 'binary' }),
          fc
            .array(
              fc.constantFrom(
                '\u202E',
                '\u2067',
                '\u2069',
                '\u200F',
                '\u0000',
                '\u001B',
                '\r\n',
                'a',
                'ب',
                ' ',
              ),
            )
            .map((parts) => parts.join('')),
        ),
      ),
    )
    .map(([id, fields]) => ({ ...fields, id }))

  it('never throws on any list of JSON values, and keeps every entry with a usable id', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.jsonValue(), usableEntry)), (data) => {
        const { events, problems } = readPoapEventsBody({ data })
        const usable = data.filter(
          (entry) =>
            typeof entry === 'object' &&
            entry !== null &&
            !Array.isArray(entry) &&
            'id' in entry &&
            ((typeof entry.id === 'string' && entry.id.trim() !== '') ||
              (typeof entry.id === 'number' && Number.isFinite(entry.id))),
        )
        // Entries without `id` may still carry a usable `event_id`: at least one per usable id
        // survives (a repeated id keeps its first entry).
        const ids = new Set(usable.map((entry) => String((entry as { id: unknown }).id).trim()))
        expect(events.length).toBeGreaterThanOrEqual(ids.size)
        expect(new Set(events.map((event) => event.id)).size).toBe(events.length)
        expect(events.length + problems.dropped).toBe(data.length)
        for (const event of events) expect(event.name.trim()).not.toBe('')
        // No text shown to a holder holds a bidi or control character (a description's lines stay).
        for (const event of events) {
          const shown = [event.name, event.fancyId, event.city, event.country, event.description]
          expect(shown.join('')).not.toMatch(HIDDEN)
        }
        // What it gives is always the app's own valid shape.
        expect(parsePoapEventList(JSON.parse(JSON.stringify(events)))).toEqual(events)
      }),
    )
  })
})

describe('problemsKey', () => {
  it('is empty when nothing was wrong and names each kind of problem otherwise', () => {
    expect(problemsKey(NO_PROBLEMS)).toBe('')
    expect(
      problemsKey({ dropped: 2, unknownStatuses: ['claimed', 'on-hold'], unreadableFields: [] }),
    ).toBe('dropped=2;status=claimed,on-hold')
    expect(problemsKey({ dropped: 0, unknownStatuses: [], unreadableFields: ['city'] })).toBe(
      'fields=city',
    )
  })
})

describe('the cap on entries', () => {
  /** `count` entries dated one day apart from 2000-01-01, in a shuffled but fixed order. */
  function dated(count: number) {
    const days = Array.from({ length: count }, (_, day) => day)
    // A fixed permutation (multiplying by a number prime to the count), so the answer is unsorted.
    const order = days.map((i) => (i * 7919) % count)
    return order.map((day) => ({
      ...CAMEL,
      id: `ev-${day}`,
      startDate: new Date(Date.UTC(2000, 0, 1 + day)).toISOString().slice(0, 10),
    }))
  }

  it(`keeps the ${MAX_EVENTS} newest of 5,000 by start date, in the order of the answer`, () => {
    const entries = dated(5000)
    const { events, problems } = read(...entries)
    expect(events).toHaveLength(MAX_EVENTS)
    // The newest are days 4000–4999; the answer's order among them is kept.
    const expected = entries
      .filter((entry) => Number(entry.id.slice(3)) >= 5000 - MAX_EVENTS)
      .map((entry) => entry.id)
    expect(events.map((e) => e.id)).toEqual(expected)
    expect(problems).toEqual({ ...NO_PROBLEMS, overCap: 4000 })
  })

  it('counts only usable entries against the cap, and keeps a list of exactly the cap whole', () => {
    const { events, problems } = read(...dated(MAX_EVENTS), {}, { name: 'no id' })
    expect(events).toHaveLength(MAX_EVENTS)
    expect(problems).toEqual({ ...NO_PROBLEMS, dropped: 2 })
  })

  it('names the cut in the problems key, whatever its size, so a growing list is one report', () => {
    const over = (overCap: number) => problemsKey({ ...NO_PROBLEMS, overCap })
    expect(over(1)).toBe('cut')
    expect(over(4000)).toBe(over(1))
    expect(problemsKey({ ...NO_PROBLEMS, dropped: 1, overCap: 3 })).toBe('dropped=1;cut')
  })
})
