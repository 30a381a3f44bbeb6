/** The cap on a list's length: the newest kept by start date, undated last, in the order received. */
import { describe, expect, it } from 'vitest'
import { newestEvents } from './newest-events.ts'
import type { PoapEvent } from './poap-event.ts'
import { bareEvent } from './testing/poap-events.ts'

const event = (id: string, startDate: string | null): PoapEvent =>
  bareEvent({ id, startDate, status: 'active' })

const ids = (events: PoapEvent[]) => events.map((e) => e.id)

describe('newestEvents', () => {
  it('returns a list within the cap as it is', () => {
    const list = [event('a', null), event('b', '2020-01-01')]
    expect(newestEvents(list, 2)).toBe(list)
  })

  it('keeps the newest by start date, in the order they came', () => {
    const list = [
      event('old', '2019-05-01'),
      event('new', '2024-05-01T10:00:00.000Z'),
      event('mid', '2021-05-01'),
      event('newest', '2025-01-01'),
    ]
    expect(ids(newestEvents(list, 2))).toEqual(['new', 'newest'])
  })

  it('ranks an event without a start date after every dated one', () => {
    const list = [event('none', null), event('old', '1999-01-01'), event('none2', null)]
    expect(ids(newestEvents(list, 1))).toEqual(['old'])
    expect(ids(newestEvents(list, 2))).toEqual(['none', 'old'])
  })

  it('keeps the earlier of equal dates in the answer', () => {
    const list = [event('a', '2024-01-01'), event('b', '2024-01-01'), event('c', '2024-01-01')]
    expect(ids(newestEvents(list, 2))).toEqual(['a', 'b'])
  })

  it('keeps nothing under a cap of 0', () => {
    expect(newestEvents([event('a', null)], 0)).toEqual([])
  })
})
