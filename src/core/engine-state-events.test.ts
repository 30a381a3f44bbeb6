/** The stored events cache: what the first version wrote still reads, and a bad cache never costs the session. */
import { describe, expect, it } from 'vitest'
import { parseEngineState } from './engine-state.ts'
import { ValidationError } from './validation.ts'

const session = {
  sessionToken: 'token',
  jwt: 'jwt',
  expiresAt: 2,
  userId: 'user-a',
  email: null,
  lastAuthAt: 1,
  nextDueAt: 3,
  backoffAttempt: 0,
}

/** The events cache exactly as the first version stored it. */
const firstVersionCache = {
  userId: 'user-a',
  fetchedAt: 5,
  events: [
    {
      id: '42',
      name: 'Berlin meetup',
      description: null,
      imageUrl: 'https://img.example/42.png',
      startDate: '2025-05-01T18:00:00Z',
      endDate: '2025-05-01T23:00:00.000Z',
      city: 'Berlin',
      country: null,
      eventUrl: null,
      status: 'pending-approval',
    },
  ],
}

const stored = (events: unknown) => ({ schema: 1, epoch: 3, session, events })

describe('parseEngineState: events', () => {
  it('reads a cache written by the first version (no new fields, no problems key)', () => {
    const state = parseEngineState(stored(firstVersionCache))
    expect(state.events).toEqual({
      userId: 'user-a',
      fetchedAt: 5,
      events: [
        {
          ...firstVersionCache.events[0],
          startDate: '2025-05-01T18:00:00.000Z',
          fancyId: null,
          expiryDate: null,
          year: null,
        },
      ],
    })
    expect(state.events).not.toHaveProperty('problemsKey')
  })

  it('reads the problems key when there is one', () => {
    const state = parseEngineState(stored({ ...firstVersionCache, problemsKey: 'dropped=1' }))
    expect(state.events?.problemsKey).toBe('dropped=1')
  })

  it.each([
    ['an entry that is not the app’s shape', { ...firstVersionCache, events: [{ id: 1 }] }],
    ['events that are not a list', { ...firstVersionCache, events: 'x' }],
    ['a bad problems key', { ...firstVersionCache, problemsKey: 3 }],
    ['a cache that is not an object', 'x'],
    ['no cache field at all', undefined],
  ])('drops only the events for %s; the session stays', (_label, events) => {
    const state = parseEngineState(stored(events))
    expect(state.events).toBeNull()
    expect(state.session).toMatchObject({ userId: 'user-a' })
    expect(state.epoch).toBe(3)
  })

  it('still refuses a state of another schema', () => {
    expect(() => parseEngineState({ ...stored(null), schema: 2 })).toThrow(ValidationError)
  })
})
