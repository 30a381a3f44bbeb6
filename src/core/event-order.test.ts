import { describe, expect, it } from 'vitest'
import type { PoapEvent } from './poap-event.ts'
import { sortActive, sortPast } from './event-order.ts'

const event = (id: string, startDate: string | null, endDate = startDate) =>
  ({ id, startDate, endDate }) as PoapEvent

describe('event order', () => {
  it('puts the soonest active event first, without touching the input', () => {
    const input = [event('b', '2026-02-01'), event('a', '2026-01-01'), event('c', '2026-03-01')]
    expect(sortActive(input).map((e) => e.id)).toEqual(['a', 'b', 'c'])
    expect(input.map((e) => e.id)).toEqual(['b', 'a', 'c'])
  })

  it('puts the most recently ended past event first', () => {
    const input = [
      event('old', '2025-01-01', '2025-01-02'),
      event('new', '2025-05-01', '2025-05-02'),
      event('mid', '2025-03-01', '2025-03-02'),
    ]
    expect(sortPast(input).map((e) => e.id)).toEqual(['new', 'mid', 'old'])
  })

  it('orders all-day dates and instants together', () => {
    const input = [
      event('instant', '2026-01-01T12:00:00.000Z'),
      event('day-before', '2025-12-31'),
      event('day-after', '2026-01-02'),
    ]
    expect(sortActive(input).map((e) => e.id)).toEqual(['day-before', 'instant', 'day-after'])
    expect(sortPast(input).map((e) => e.id)).toEqual(['day-after', 'instant', 'day-before'])
  })

  it('keeps events without dates last, in the order received', () => {
    const input = [
      event('undated-1', null),
      event('late', '2026-05-01'),
      event('end-only', null, '2026-04-01'),
      event('undated-2', null),
      event('early', '2026-01-01'),
      event('start-only', '2026-03-01', null),
    ]
    expect(sortActive(input).map((e) => e.id)).toEqual([
      'early',
      'start-only',
      'end-only',
      'late',
      'undated-1',
      'undated-2',
    ])
    expect(sortPast(input).map((e) => e.id)).toEqual([
      'late',
      'end-only',
      'start-only',
      'early',
      'undated-1',
      'undated-2',
    ])
  })

  it('puts the earliest past event first when asked for oldest first, undated still last', () => {
    const input = [
      event('undated', null),
      event('mid', '2025-03-01', '2025-03-02'),
      event('end-only', null, '2025-01-05'),
      event('new', '2025-05-01', '2025-05-02'),
    ]
    expect(sortPast(input, 'oldest').map((e) => e.id)).toEqual([
      'end-only',
      'mid',
      'new',
      'undated',
    ])
  })
})
