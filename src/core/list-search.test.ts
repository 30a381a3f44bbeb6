/** The list's search as links and hand-edited addresses hold it. */
import { describe, expect, it } from 'vitest'
import { isNarrowed, MAX_QUERY_LENGTH, parseListSearch } from './list-search.ts'

const none = { q: undefined, year: undefined, when: undefined, country: undefined, sort: undefined }

describe('parseListSearch', () => {
  it('reads every field of a shared link', () => {
    expect(
      parseListSearch({
        q: 'zurich',
        year: 2021,
        when: 'past',
        country: 'Schweiz',
        sort: 'oldest',
      }),
    ).toEqual({ q: 'zurich', year: 2021, when: 'past', country: 'Schweiz', sort: 'oldest' })
  })

  it('keeps a search the router read as a number or a boolean as the text it was', () => {
    expect(parseListSearch({ q: 2021 }).q).toBe('2021')
    expect(parseListSearch({ q: true }).q).toBe('true')
  })

  it('reads a year written as text, and only a real one', () => {
    expect(parseListSearch({ year: ' 2019 ' }).year).toBe(2019)
    for (const bad of ['20x1', 1969, 10_000, 2021.5, '', null, {}, [2021], 'NaN', Infinity]) {
      expect(parseListSearch({ year: bad }).year, String(bad)).toBeUndefined()
    }
  })

  it('sets every key, undefined when it does not read, so no raw value slips through', () => {
    const hostile = {
      q: { toString: () => 'x' },
      year: '<script>',
      when: 'NOW',
      country: ['Japan'],
      sort: 'newest',
      extra: 'kept out',
    }
    const parsed = parseListSearch(hostile)
    expect(parsed).toEqual(none)
    expect(Object.keys(parsed).sort()).toEqual(['country', 'q', 'sort', 'when', 'year'])
  })

  it('drops blank text and cuts an oversized search on a whole character', () => {
    expect(parseListSearch({ q: '   ', country: '\t' })).toEqual(none)
    const long = '😀'.repeat(MAX_QUERY_LENGTH + 50)
    const q = parseListSearch({ q: long }).q ?? ''
    expect(Array.from(q)).toHaveLength(MAX_QUERY_LENGTH)
    expect(q).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/)
  })

  it('keeps what was typed, spaces included, while trimming the country', () => {
    expect(parseListSearch({ q: 'sao ', country: ' Brasil ' })).toMatchObject({
      q: 'sao ',
      country: 'Brasil',
    })
  })

  it('tells a narrowed list from a sorted one', () => {
    expect(isNarrowed(parseListSearch({ sort: 'oldest' }))).toBe(false)
    expect(isNarrowed(parseListSearch({ when: 'now' }))).toBe(true)
    expect(isNarrowed(parseListSearch({ q: 'x' }))).toBe(true)
  })
})
