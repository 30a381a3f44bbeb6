/** Properties of the engine's stored record: total, round-trips, and a corrupt record costs what it must and no more. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ENGINE_STATE_KEY } from './constants.ts'
import {
  emptyTapQueue,
  initialEngineState,
  parseEngineState,
  type EventsCache,
  type PendingTap,
} from './engine-state.ts'
import { appEvent, sessionToken, tapQuery } from './testing/arbitraries.ts'
import { createEngineHarness } from './testing/engine-harness.ts'
import { isRecord, ValidationError } from './validation.ts'

/** Epoch milliseconds (whole: `-0` and fractions never come from a clock). */
const time = fc.integer({ min: 0, max: 2 ** 45 })
const text = fc.string({ minLength: 1, maxLength: 12 })

// Sessions and states are left to inference: a field added to StoredSession later (read as null
// when absent) needs no change here, as the properties compare what was generated.
const storedSession = fc.record({
  sessionToken,
  expiresAt: time,
  userId: text,
  sessionId: fc.option(text, { nil: null }),
  email: fc.option(fc.emailAddress(), { nil: null }),
  lastAuthAt: time,
  nextDueAt: time,
  backoffAttempt: fc.nat({ max: 20 }),
})

const eventsCache: fc.Arbitrary<EventsCache> = fc.record(
  {
    userId: text,
    events: fc.array(appEvent, { maxLength: 3 }),
    fetchedAt: time,
    problemsKey: fc.constantFrom('', 'dropped=1', 'status=claimed;fields=city'),
  },
  { requiredKeys: ['userId', 'events', 'fetchedAt'] },
)

const pendingTap: fc.Arbitrary<PendingTap> = fc.record({
  query: tapQuery,
  userId: text,
  savedAt: time,
})

/** Any state the engine can write. */
const engineState = fc.record({
  schema: fc.constant(1 as const),
  epoch: fc.nat(),
  session: fc.option(storedSession, { nil: null }),
  events: fc.option(eventsCache, { nil: null }),
  tapQueue: fc.record({
    taps: fc.array(pendingTap, { maxLength: 3 }),
    attempt: fc.nat({ max: 20 }),
    retryAt: time,
  }),
})

/** Values of the wrong kind for any field (the record is JSON, but a bug or an old build may write anything). */
const wrongValue = fc.constantFrom<unknown>(undefined, null, '', 'x', -1, 1.5, true, [], {}, [1])

/** `record` with one of `fields` set to a value of the wrong kind for it. */
const withBrokenField = (record: object, fields: readonly string[]) =>
  fc
    .tuple(fc.constantFrom(...fields), wrongValue)
    .filter(([field, value]) => !stillAccepted(field, value))
    .map(([field, value]): Record<string, unknown> => ({ ...record, [field]: value }))

/** Whether a field takes one of the wrong-looking values all the same (the parser's rules, restated). */
function stillAccepted(field: string, value: unknown): boolean {
  switch (field) {
    case 'sessionId':
    case 'email':
      return value === undefined || value === null || typeof value === 'string'
    case 'problemsKey':
      return value === undefined || typeof value === 'string'
    case 'sessionToken':
    case 'userId':
      return typeof value === 'string' && value !== ''
    case 'expiresAt':
    case 'lastAuthAt':
    case 'nextDueAt':
    case 'fetchedAt':
    case 'savedAt':
    case 'retryAt':
      return typeof value === 'number'
    case 'session':
      return value === null
    case 'events':
      return Array.isArray(value) && value.length === 0
    case 'taps':
      return Array.isArray(value)
    default:
      // schema, epoch, counts and tap queries: none of the wrong values will do.
      return false
  }
}

/** A record the engine cannot read at all: a broken schema, epoch or session, or not a record. */
const unreadableRecord: fc.Arbitrary<unknown> = fc.oneof(
  engineState.chain((state) => withBrokenField(state, ['schema', 'epoch', 'session'])),
  engineState.chain((state) =>
    storedSession
      .chain((session) =>
        withBrokenField(session, [
          'sessionToken',
          'expiresAt',
          'userId',
          'sessionId',
          'email',
          'lastAuthAt',
          'nextDueAt',
          'backoffAttempt',
        ]),
      )
      .map((session) => ({ ...state, session })),
  ),
  fc.jsonValue().filter((value) => !isRecord(value) || value.schema !== 1),
)

describe('parseEngineState: properties', () => {
  it('never throws but a ValidationError, for any value', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), unreadableRecord), (value) => {
        try {
          parseEngineState(value)
        } catch (error) {
          expect(error).toBeInstanceOf(ValidationError)
        }
      }),
      { numRuns: 300 },
    )
  })

  // IndexedDB clones the record and the memory store copies it through JSON: either way it reads back.
  it('reads every state the engine can write back as it was', () => {
    fc.assert(
      fc.property(engineState, (state) => {
        const read = parseEngineState(structuredClone(state))
        expect(read).toMatchObject(state)
        expect(parseEngineState(JSON.parse(JSON.stringify(read)))).toEqual(read)
        expect(parseEngineState(structuredClone(read))).toEqual(read)
      }),
      { numRuns: 200 },
    )
  })

  // What is lost with a corrupt part is that part alone: a bad list is fetched again, a bad tap is
  // one tap; only a bad session, epoch or schema makes the whole record unreadable.
  it('drops a corrupt events cache, tap or tap queue alone, and refuses a corrupt session', () => {
    const brokenPart = engineState.chain((state) =>
      fc.oneof(
        (state.events === null ? eventsCache : fc.constant(state.events)).chain((cache) =>
          withBrokenField(cache, ['userId', 'events', 'fetchedAt', 'problemsKey']).map(
            (events) => ({ stored: { ...state, events }, read: { ...state, events: null } }),
          ),
        ),
        fc.tuple(pendingTap, fc.nat()).chain(([tap, at]) =>
          withBrokenField(tap, ['query', 'userId', 'savedAt']).map((broken) => {
            const taps: unknown[] = [...state.tapQueue.taps]
            taps.splice(at % (taps.length + 1), 0, broken)
            return { stored: { ...state, tapQueue: { ...state.tapQueue, taps } }, read: state }
          }),
        ),
        withBrokenField(state.tapQueue, ['taps', 'attempt', 'retryAt']).map((tapQueue) => ({
          stored: { ...state, tapQueue },
          read: { ...state, tapQueue: emptyTapQueue() },
        })),
      ),
    )
    fc.assert(
      fc.property(brokenPart, ({ stored, read }) => {
        expect(parseEngineState(stored)).toMatchObject(read)
      }),
      { numRuns: 300 },
    )
    fc.assert(
      fc.property(unreadableRecord, (stored) => {
        expect(() => parseEngineState(stored)).toThrow(ValidationError)
      }),
      { numRuns: 300 },
    )
  })

  // The engine's side of it: an unreadable record is a signed-out device, replaced once and reported
  // once; never a crash, never a session or taps made up from the wreck.
  it('turns an unreadable stored record into a signed-out state, reported once', async () => {
    await fc.assert(
      fc.asyncProperty(unreadableRecord, async (stored) => {
        const h = createEngineHarness()
        await h.store.update(ENGINE_STATE_KEY, () => stored)
        const snapshot = await h.engine.snapshot()
        expect(snapshot.auth).toEqual({ signedIn: false })
        expect(snapshot.events).toBeNull()
        expect(snapshot.status.pendingTaps).toEqual([])
        await h.engine.wake('load')
        expect(await h.store.get(ENGINE_STATE_KEY)).toEqual(initialEngineState())
        expect(h.reports).toEqual([expect.objectContaining({ context: { op: 'read-state' } })])
      }),
      { numRuns: 100 },
    )
  })
})
