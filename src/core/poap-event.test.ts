/** The app's own event shape: strict validation (old caches included), statuses and grouping. */
import { describe, expect, it } from 'vitest'
import {
  groupEvents,
  hasEnded,
  isKnownStatus,
  normaliseEventStatus,
  parsePoapEvent,
  parsePoapEventList,
  type PoapEvent,
} from './poap-event.ts'
import { ValidationError } from './validation.ts'

/** An event as the first version stored it: camelCase, raw ISO strings, no fancyId/year/expiry. */
const oldStored = {
  id: '42',
  name: 'Berlin meetup',
  description: 'A night out',
  imageUrl: 'https://img.example/42.png',
  startDate: '2025-05-01T18:00:00Z',
  endDate: '2025-05-01T23:00:00+01:00',
  city: 'Berlin',
  country: 'Germany',
  eventUrl: null,
  status: 'active',
}

const NOW = Date.UTC(2026, 5, 15, 12)

function event(overrides: Partial<PoapEvent> & Pick<PoapEvent, 'id'>): PoapEvent {
  return { ...parsePoapEvent(oldStored), ...overrides }
}

describe('parsePoapEvent (the app’s own shape)', () => {
  it('reads an event stored by the first version: new fields null, dates normalised', () => {
    expect(parsePoapEvent(oldStored)).toEqual({
      ...oldStored,
      startDate: '2025-05-01T18:00:00.000Z',
      endDate: '2025-05-01T22:00:00.000Z',
      fancyId: null,
      expiryDate: null,
      year: null,
    })
    // The first version also allowed an empty name.
    expect(parsePoapEvent({ ...oldStored, name: '' }).name).toBe('')
  })

  it('reads every field of the current shape, unchanged', () => {
    const current: PoapEvent = {
      id: '70020',
      fancyId: 'ethglobal-2022',
      name: 'ETHGlobal 2022',
      description: null,
      imageUrl: null,
      startDate: '2022-09-16',
      endDate: '2022-09-18',
      expiryDate: '2022-10-18',
      year: 2022,
      city: null,
      country: null,
      eventUrl: 'https://ethglobal.com',
      status: 'claimed',
    }
    expect(parsePoapEvent(current)).toEqual(current)
    expect(parsePoapEvent({ ...current, startDate: null, status: null })).toMatchObject({
      startDate: null,
      status: null,
    })
  })

  it.each([
    ['a number id', { ...oldStored, id: 42 }, 'e.id'],
    ['an empty id', { ...oldStored, id: '' }, 'e.id'],
    ['an unreadable date', { ...oldStored, endDate: 'soon' }, 'e.endDate'],
    ['a numeric city', { ...oldStored, city: 3 }, 'e.city'],
    ['a text year', { ...oldStored, year: '2022' }, 'e.year'],
    ['a numeric status', { ...oldStored, status: 1 }, 'e.status'],
    ['null', null, 'e'],
  ])('refuses %s (it is the app’s own data: anything off is a bug)', (_label, value, path) => {
    expect(() => parsePoapEvent(value, 'e')).toThrow(ValidationError)
    expect(() => parsePoapEvent(value, 'e')).toThrow(expect.objectContaining({ path }))
  })

  it('refuses a list with one bad entry', () => {
    expect(() => parsePoapEventList([oldStored, { id: 1 }])).toThrow(ValidationError)
  })

  it('refuses a list with a hole (IndexedDB and postMessage keep holes)', () => {
    const holed = structuredClone([oldStored, undefined, oldStored])
    delete holed[1]
    expect(1 in holed).toBe(false)
    expect(() => parsePoapEventList(holed)).toThrow('events[1]')
  })
})

describe('normaliseEventStatus', () => {
  it.each<[unknown, string | null]>([
    ['active', 'active'],
    ['PENDING_APPROVAL', 'pending-approval'],
    ['Pending approval', 'pending-approval'],
    ['  Future ', 'future'],
    ['on__hold  now', 'on-hold-now'],
    ['claimed', 'claimed'],
    ['', null],
    ['   ', null],
    [null, null],
    [3, null],
  ])('%j → %j', (input, expected) => {
    expect(normaliseEventStatus(input)).toBe(expected)
  })

  it('knows the five statuses only', () => {
    const known = ['active', 'pending-approval', 'future', 'expired', 'rejected']
    expect(known.every((status) => isKnownStatus(status))).toBe(true)
    expect(isKnownStatus('claimed')).toBe(false)
    expect(isKnownStatus(null)).toBe(false)
  })
})

describe('grouping', () => {
  it('puts active, pending-approval and future in the active group; expired and rejected in the other', () => {
    const all = ['active', 'pending-approval', 'future', 'expired', 'rejected'].map((status) =>
      event({ id: status, status }),
    )
    const groups = groupEvents(all, NOW)
    expect(groups.active.map((e) => e.status)).toEqual(['active', 'pending-approval', 'future'])
    expect(groups.inactive.map((e) => e.status)).toEqual(['expired', 'rejected'])
  })

  it('places an unknown or missing status by its dates: ended → past, else active', () => {
    const ended = event({ id: 'ended', status: 'claimed', endDate: '2026-06-01' })
    const running = event({ id: 'running', status: 'claimed', endDate: '2026-06-20' })
    const undated = event({ id: 'undated', status: null, startDate: null, endDate: null })
    const startOnly = event({ id: 'start', status: 'minted', startDate: '2024-01-01T00:00:00Z' })
    const noEnd = { ...startOnly, endDate: null }
    const groups = groupEvents([ended, running, undated, noEnd], NOW)
    expect(groups.active.map((e) => e.id)).toEqual(['running', 'undated'])
    expect(groups.inactive.map((e) => e.id)).toEqual(['ended', 'start'])
  })

  it('keeps an all-day end date active until that day is over everywhere', () => {
    const today = event({ id: 'today', status: 'claimed', endDate: '2026-06-15' })
    expect(hasEnded(today, NOW)).toBe(false)
    expect(hasEnded(today, Date.UTC(2026, 5, 16, 11, 59))).toBe(false)
    expect(hasEnded(today, Date.UTC(2026, 5, 16, 12))).toBe(true)
  })
})
