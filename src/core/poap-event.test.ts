/** Event validation and grouping. */
import { describe, expect, it } from 'vitest'
import {
  groupEvents,
  hasActiveEvents,
  hasInactiveEvents,
  parsePoapEvents,
  type PoapEvent,
  type PoapEventStatus,
} from './poap-event'
import { ValidationError } from './validation'

const raw = {
  id: 42,
  name: 'Berlin meetup',
  description: 'A night out',
  imageUrl: 'https://img.example/42.png',
  startDate: '2025-05-01T18:00:00Z',
  endDate: '2025-05-01T23:00:00Z',
  city: 'Berlin',
  country: 'Germany',
  eventUrl: null,
  status: 'active',
}

function event(status: PoapEventStatus, id = status): PoapEvent {
  return { ...parsePoapEvents({ data: [raw] })[0]!, id, status }
}

describe('parsePoapEvents', () => {
  it('reads the list from data and normalises a numeric id to a string', () => {
    const [parsed] = parsePoapEvents({ data: [raw] })
    expect(parsed).toEqual({ ...raw, id: '42' })
  })

  it('accepts string ids, an empty list, and missing optional fields as null', () => {
    const required = {
      id: 'ev-1',
      name: raw.name,
      startDate: raw.startDate,
      endDate: raw.endDate,
      status: raw.status,
    }
    expect(parsePoapEvents({ data: [] })).toEqual([])
    expect(parsePoapEvents({ data: [required] })[0]).toMatchObject({
      id: 'ev-1',
      description: null,
      imageUrl: null,
      city: null,
      country: null,
      eventUrl: null,
    })
  })

  it.each([
    ['a body that is not an object', null, 'body'],
    ['no data', {}, 'data'],
    ['data not a list', { data: { id: 1 } }, 'data'],
    ['an unknown status', { data: [{ ...raw, status: 'archived' }] }, 'data[0].status'],
    ['a missing name', { data: [{ ...raw, name: undefined }] }, 'data[0].name'],
    ['a bad date', { data: [raw, { ...raw, endDate: 'soon' }] }, 'data[1].endDate'],
    ['an empty id', { data: [{ ...raw, id: '' }] }, 'data[0].id'],
    ['an object id', { data: [{ ...raw, id: { n: 1 } }] }, 'data[0].id'],
    ['a numeric city', { data: [{ ...raw, city: 3 }] }, 'data[0].city'],
    ['a null entry', { data: [null] }, 'data[0]'],
  ])('rejects %s', (_label, body, path) => {
    expect(() => parsePoapEvents(body)).toThrow(ValidationError)
    try {
      parsePoapEvents(body)
    } catch (error) {
      expect((error as ValidationError).path).toBe(path)
    }
  })
})

describe('grouping', () => {
  it('puts active, pending-approval and future in the active group; expired and rejected in the other', () => {
    const all = (['active', 'pending-approval', 'future', 'expired', 'rejected'] as const).map(
      (s) => event(s),
    )
    const groups = groupEvents(all)
    expect(groups.active.map((e) => e.status)).toEqual(['active', 'pending-approval', 'future'])
    expect(groups.inactive.map((e) => e.status)).toEqual(['expired', 'rejected'])
  })

  it('derives the two flags from the groups', () => {
    expect([hasActiveEvents([]), hasInactiveEvents([])]).toEqual([false, false])
    expect([hasActiveEvents([event('future')]), hasInactiveEvents([event('future')])]).toEqual([
      true,
      false,
    ])
    expect([hasActiveEvents([event('rejected')]), hasInactiveEvents([event('rejected')])]).toEqual([
      false,
      true,
    ])
  })
})
