import { describe, expect, it } from 'vitest'
import type { PoapEvent } from '../../core/poap-event.ts'
import { sortActive, sortPast } from './event-order.ts'

const event = (id: string, startDate: string, endDate = startDate) =>
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
})
