/** What a host knows: the registry, the values of a query, the engine record's secrets. */
import { describe, expect, it } from 'vitest'
import { createKnownSecrets, engineSecrets, queryValues } from './known-secrets.ts'

describe('createKnownSecrets', () => {
  it('keeps each source’s values until it replaces them, without empty ones', () => {
    const known = createKnownSecrets()
    known.set('engine', ['token-1', null, '', undefined, 'ada@example.com'])
    known.set('page', ['ada@example.com', '+447911123456'])
    expect(known.values()).toEqual(['token-1', 'ada@example.com', '+447911123456'])
    known.set('engine', [])
    expect(known.values()).toEqual(['ada@example.com', '+447911123456'])
  })
})

describe('queryValues', () => {
  it('gives each value as written and decoded, names read decoded', () => {
    expect(queryValues('?uid=04AB&%75id=05CD&x=a%40b', (name) => name === 'uid')).toEqual([
      '04AB',
      '04AB',
      '05CD',
      '05CD',
    ])
    expect(queryValues('#token=a%2Bb;e=%E0%A4%A')).toEqual(['a%2Bb', 'a+b', '%E0%A4%A'])
  })
})

describe('engineSecrets', () => {
  it('lists the session, the holder and every pending tap’s values', () => {
    const state = {
      session: {
        sessionToken: 'token',
        userId: 'user-1',
        sessionId: null,
        email: null,
        phone: '+447911123456',
      },
      tapQueue: { taps: [{ query: '?p=AA&c=BB' }] },
    }
    expect(engineSecrets(state)).toEqual([
      'token',
      'user-1',
      '+447911123456',
      'AA',
      'AA',
      'BB',
      'BB',
    ])
    expect(engineSecrets({ ...state, session: null })).toEqual(['AA', 'AA', 'BB', 'BB'])
  })
})
