/** Searching events as holders type, in the six languages and beyond. */
import { describe, expect, it } from 'vitest'
import { eventMatcher, prepareSearch, searchKey } from './event-search.ts'
import type { PoapEvent } from './poap-event.ts'
import { bareEvent } from './testing/poap-events.ts'

const event = (name: string, place: Partial<PoapEvent> = {}): PoapEvent =>
  bareEvent({ id: name, name, ...place })

const EVENTS = [
  event('Meetup', { city: 'São Paulo', country: 'Brasil' }),
  event('Hackathon', { city: 'Zürich', country: 'Schweiz' }),
  event('ETH東京 2024', { city: '東京', country: '日本' }),
  event('Sommerfest an der Spree', { city: 'Berlin', description: 'Straßenfest am Fluss' }),
  event('Festa', { city: 'Lisboa', country: 'Portugal' }),
  event('Conférence', { city: 'Montréal', country: 'Canada' }),
  event('カード展示会', { description: 'がんばろう' }),
]

const found = (query: string) => EVENTS.filter(eventMatcher(query)).map((e) => e.name)

describe('eventMatcher', () => {
  it('ignores case and accents: sao finds São Paulo, zurich Zürich, montreal Montréal', () => {
    expect(found('sao')).toEqual(['Meetup'])
    expect(found('ZURICH')).toEqual(['Hackathon'])
    expect(found('montreal')).toEqual(['Conférence'])
    expect(found('conference')).toEqual(['Conférence'])
  })

  it('matches full-width letters and digits as their plain forms', () => {
    expect(found('ｚｕｒｉｃｈ')).toEqual(['Hackathon'])
    expect(found('ＥＴＨ ２０２４')).toEqual(['ETH東京 2024'])
  })

  it('finds substrings in Japanese, and keeps a kana’s voicing', () => {
    expect(found('京')).toEqual(['ETH東京 2024'])
    expect(found('展示')).toEqual(['カード展示会'])
    expect(found('が')).toEqual(['カード展示会'])
    expect(found('か')).toEqual([])
  })

  it('spells out ß and looks in the description', () => {
    expect(found('strasse')).toEqual(['Sommerfest an der Spree'])
    expect(found('straße')).toEqual(['Sommerfest an der Spree'])
  })

  it('wants every word somewhere: name, city, country or description', () => {
    expect(found('festa portugal')).toEqual(['Festa'])
    expect(found('festa brasil')).toEqual([])
  })

  it('finds everything for an empty or blank query, nothing for a word no event has', () => {
    expect(found('')).toHaveLength(EVENTS.length)
    expect(found('   ')).toHaveLength(EVENTS.length)
    expect(found('tokyo')).toEqual([])
  })
})

describe('searchKey', () => {
  it('makes runs of space one, and trims', () => {
    expect(searchKey('  São\u3000Paulo \n ')).toBe('sao paulo')
  })
})

describe('prepareSearch', () => {
  it('reads each event’s text ahead: a later search uses what was read then', () => {
    // Events are never changed in place; changing one here shows when its text was read.
    const read = event('Zürich night', { city: 'Zürich' })
    const unread = event('Zürich day', { city: 'Zürich' })
    prepareSearch([read])
    read.name = 'Renamed'
    read.city = null
    unread.name = 'Renamed too'
    unread.city = null
    expect([read, unread].filter(eventMatcher('zurich'))).toEqual([read])
  })
})
