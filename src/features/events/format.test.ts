import { describe, expect, it } from 'vitest'
import { formatAge, formatDates, formatDateTimes, formatPlace } from './format.ts'

describe('formatAge', () => {
  it.each([
    [0, 'just now'],
    [59_000, 'just now'],
    [60_000, '1 min ago'],
    [12 * 60_000 + 5_000, '12 min ago'],
    [3 * 3_600_000, '3 h ago'],
    [24 * 3_600_000, '1 day ago'],
    [50 * 3_600_000, '2 days ago'],
    [-5_000, 'just now'],
  ])('%i ms → %s', (age, text) => {
    expect(formatAge(1_000_000_000, 1_000_000_000 + age)).toBe(text)
  })
})

describe('formatPlace', () => {
  it('joins what is known', () => {
    expect(formatPlace({ city: 'Lisbon', country: 'Portugal' })).toBe('Lisbon, Portugal')
    expect(formatPlace({ city: null, country: 'Portugal' })).toBe('Portugal')
    expect(formatPlace({ city: null, country: null })).toBe('')
  })
})

describe('formatDates', () => {
  it('shows one date for a one-day event and a range otherwise', () => {
    const day = formatDates({ startDate: '2026-03-03T10:00:00Z', endDate: '2026-03-03T18:00:00Z' })
    expect(day).toMatch(/2026/)
    expect(day).not.toContain('–')
    const range = formatDates({
      startDate: '2026-03-03T10:00:00Z',
      endDate: '2026-03-05T18:00:00Z',
    })
    expect(range).toContain('–')
  })

  it('leaves out unreadable dates', () => {
    expect(formatDates({ startDate: 'soon', endDate: 'later' })).toBe('')
  })
})

describe('formatDateTimes', () => {
  it('gives the end time alone on the same day, and the end date otherwise', () => {
    const day = formatDateTimes({
      startDate: '2026-03-03T10:00:00',
      endDate: '2026-03-03T18:30:00',
    })
    expect(day).toMatch(/2026.*–/)
    expect(day.split('–')[1]).not.toMatch(/2026/)
    expect(day.split('–')[1]).toMatch(/30/)
    const range = formatDateTimes({
      startDate: '2026-03-03T10:00:00',
      endDate: '2026-03-05T18:00:00',
    })
    expect(range.split('–')[1]).toMatch(/2026/)
  })

  it('leaves out unreadable dates', () => {
    expect(formatDateTimes({ startDate: 'soon', endDate: 'later' })).toBe('')
    expect(formatDateTimes({ startDate: '2026-03-03T10:00:00', endDate: 'later' })).toMatch(/2026/)
  })
})
