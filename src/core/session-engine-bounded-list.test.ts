/** The session engine with lists too long: a body over the size limit refused, the entries capped, the cut reported once. */
import { beforeEach, describe, expect, it } from 'vitest'
import { BodyTooLargeError } from './body-too-large.ts'
import { ENGINE_STATE_KEY, MAX_EVENTS, MAX_EVENTS_BODY_BYTES } from './constants.ts'
import type { EngineState } from './engine-state.ts'
import { EVENTS_FAILURE_TEXT } from './events-failure-text.ts'
import { createEngineHarness, type EngineHarness } from './testing/engine-harness.ts'
import { rawEvent } from './testing/fake-backend.ts'

const MIN = 60_000

let h: EngineHarness

/** `count` events with distinct start dates, one day apart from 2000-01-01, newest last. */
const events = (count: number) =>
  Array.from({ length: count }, (_, day) => ({
    ...(rawEvent(day, 'active') as Record<string, unknown>),
    startDate: new Date(Date.UTC(2000, 0, 1 + day)).toISOString(),
  }))

async function signIn(): Promise<void> {
  await h.engine.handoff(h.backend.signIn('user-a'))
}

/** Runs the next scheduled re-authentication, which fetches events again. */
async function nextFetch(): Promise<void> {
  h.clock.advance(10 * MIN)
  await h.engine.wake('heartbeat')
}

const storedIds = async () =>
  (await h.store.get<EngineState>(ENGINE_STATE_KEY))?.events?.events.map((e) => e.id)
const cutReports = () =>
  h.reports.filter((r) => r.context.op === 'poap-events-data' && 'overCap' in r.context)
const failureReports = () => h.reports.filter((r) => r.context.op === 'poap-events')

beforeEach(() => {
  h = createEngineHarness()
})

describe('an events body over the size limit', () => {
  /** Entries with long descriptions until the body passes the limit. */
  const oversized = () => {
    const description = 'x'.repeat(10_000)
    const count = Math.ceil(MAX_EVENTS_BODY_BYTES / description.length) + 1
    return events(count).map((event) => ({ ...event, description }))
  }

  it('is refused: the previous list stays, the status says the refresh failed, one report', async () => {
    h.backend.eventsByUser.set('user-a', events(3))
    await signIn()
    expect(await storedIds()).toEqual(['0', '1', '2'])

    h.backend.eventsByUser.set('user-a', oversized())
    await h.engine.refresh()

    expect(h.backend.callsTo('/api/poap-events').at(-1)).toMatchObject({
      maxBodyBytes: MAX_EVENTS_BODY_BYTES,
    })
    expect(await storedIds()).toEqual(['0', '1', '2'])
    expect(h.sent('events')).toHaveLength(1)
    expect(h.sent('events-error')).toEqual([
      expect.objectContaining({ message: EVENTS_FAILURE_TEXT.unreadable }),
    ])
    // An answer came: the service is there, only its list is refused.
    expect(h.sent('status').at(-1)).toMatchObject({ online: true, refreshing: false })
    expect(failureReports()).toEqual([
      // The report is a scrubbed copy of the error: its name says what it was.
      {
        error: expect.objectContaining({ name: new BodyTooLargeError(1).name }),
        context: { op: 'poap-events' },
      },
    ])
    const snapshot = await h.engine.snapshot()
    expect(snapshot.auth).toMatchObject({ signedIn: true })
    expect(snapshot.events?.events.map((e) => e.id)).toEqual(['0', '1', '2'])

    // Like a malformed answer: each refresh that gets one is one report, and a good list ends it.
    await nextFetch()
    expect(failureReports()).toHaveLength(2)
    h.backend.eventsByUser.set('user-a', events(4))
    await nextFetch()
    expect(await storedIds()).toEqual(['0', '1', '2', '3'])
    expect(failureReports()).toHaveLength(2)
  })
})

describe('a list over the entry cap', () => {
  it(`keeps the ${MAX_EVENTS} newest of 5,000, in the order of the answer`, async () => {
    h.backend.eventsByUser.set('user-a', events(5000).reverse())
    await signIn()
    const expected = Array.from({ length: MAX_EVENTS }, (_, i) => String(4999 - i))
    expect(h.sent('events')[0]?.events.map((e) => e.id)).toEqual(expected)
    expect(await storedIds()).toEqual(expected)
  })

  it('reports the cut once while the list stays too long, and again after it was under', async () => {
    h.backend.eventsByUser.set('user-a', events(5000))
    await signIn()
    expect(cutReports().map((r) => r.context)).toEqual([
      {
        op: 'poap-events-data',
        dropped: 0,
        unknownStatuses: '',
        unreadableFields: '',
        overCap: 5000 - MAX_EVENTS,
      },
    ])

    // The same list, then a longer one: no more reports.
    await nextFetch()
    h.backend.eventsByUser.set('user-a', events(5001))
    await nextFetch()
    expect(h.backend.callsTo('/api/poap-events')).toHaveLength(3)
    expect(cutReports()).toHaveLength(1)

    // Under the cap, then over it again: a new cut, a new report.
    h.backend.eventsByUser.set('user-a', events(MAX_EVENTS))
    await nextFetch()
    expect(cutReports()).toHaveLength(1)
    h.backend.eventsByUser.set('user-a', events(MAX_EVENTS + 1))
    await nextFetch()
    expect(cutReports().map((r) => r.context.overCap)).toEqual([5000 - MAX_EVENTS, 1])
  })
})
