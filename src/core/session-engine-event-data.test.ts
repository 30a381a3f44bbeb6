/** The session engine with imperfect event data: usable events kept, problems reported once, the session never lost. */
import { beforeEach, describe, expect, it } from 'vitest'
import { ENGINE_STATE_KEY } from './constants.ts'
import type { EngineState } from './engine-state.ts'
import { PROTOCOL_VERSION, TAB_MESSAGE } from './protocol.ts'
import { createEngineHarness, type EngineHarness } from './testing/engine-harness.ts'
import { rawEvent } from './testing/fake-backend.ts'

const MIN = 60_000

let h: EngineHarness

/** A POAP event as POAP sends it (snake_case, DD-Mon-YYYY, "" for no place). */
const poapEvent = (id: number, status: string) => ({
  id,
  fancy_id: `drop-${id}`,
  name: `Drop ${id}`,
  event_url: 'https://poap.example',
  image_url: 'https://assets.poap.xyz/x.png',
  country: '',
  city: '',
  description: 'Private notes',
  year: 2022,
  start_date: '16-Sep-2022',
  end_date: '18-Sep-2022',
  expiry_date: '18-Oct-2022',
  status,
})

async function signIn(userId = 'user-a'): Promise<void> {
  await h.engine.handoff(h.backend.signIn(userId))
}

/** Runs the next scheduled re-authentication, which fetches events again. */
async function nextFetch(): Promise<void> {
  h.clock.advance(10 * MIN)
  await h.engine.wake('heartbeat')
}

const dataReports = () => h.reports.filter((r) => r.context.op === 'poap-events-data')
const dataWarnings = () =>
  h.logs.filter((l) => l.level === 'warn' && l.message.includes('poap events'))

beforeEach(() => {
  h = createEngineHarness()
})

describe('event data problems', () => {
  it('keeps every usable event, and never signs anyone out over event data', async () => {
    h.backend.eventsByUser.set('user-a', [
      poapEvent(1, 'active'),
      poapEvent(2, 'claimed'),
      { name: 'no id' },
      null,
    ])
    await signIn()
    const [message] = h.sent('events')
    expect(message?.events.map((e) => [e.id, e.status, e.startDate])).toEqual([
      ['1', 'active', '2022-09-16'],
      ['2', 'claimed', '2022-09-16'],
    ])
    expect(h.sent('events-error')).toEqual([])
    expect(h.sent('signout')).toEqual([])
    expect((await h.engine.snapshot()).auth).toMatchObject({ signedIn: true })
  })

  it('keeps images only from the configured image origins', async () => {
    h.backend.eventsByUser.set('user-a', [
      { ...poapEvent(1, 'active'), image_url: 'https://img.example/1.png' },
      { ...poapEvent(2, 'active'), image_url: 'https://tracker.example/pixel.png' },
      { ...poapEvent(3, 'active'), image_url: 'javascript:alert(1)' },
    ])
    await signIn()
    const [message] = h.sent('events')
    expect(message?.events.map((e) => e.imageUrl)).toEqual([
      'https://img.example/1.png',
      null,
      null,
    ])
    const stored = await h.store.get<EngineState>(ENGINE_STATE_KEY)
    expect(JSON.stringify(stored)).not.toContain('tracker.example')
  })

  it('reports the same problems once across fetches, and again when they change', async () => {
    h.backend.eventsByUser.set('user-a', [
      poapEvent(1, 'claimed'),
      { name: 'Somebody’s party' },
      { ...poapEvent(2, 'active'), city: 7 },
    ])
    await signIn()
    await nextFetch()
    expect(h.backend.callsTo('/api/poap-events')).toHaveLength(2)
    expect(dataReports()).toEqual([
      {
        error: expect.any(Error),
        context: {
          op: 'poap-events-data',
          dropped: 1,
          unknownStatuses: 'claimed',
          unreadableFields: 'city',
        },
      },
    ])
    expect(dataWarnings()).toEqual([
      expect.objectContaining({ details: dataReports()[0]?.context }),
    ])

    // Different problems: reported again, once.
    h.backend.eventsByUser.set('user-a', [poapEvent(1, 'claimed'), {}, {}])
    await nextFetch()
    await nextFetch()
    expect(dataReports().map((r) => r.context)).toEqual([
      expect.objectContaining({ dropped: 1 }),
      { op: 'poap-events-data', dropped: 2, unknownStatuses: 'claimed', unreadableFields: '' },
    ])
    expect(dataWarnings()).toHaveLength(2)

    // Clean data says nothing, and the same problems coming back afterwards are news again.
    h.backend.eventsByUser.set('user-a', [poapEvent(1, 'active')])
    await nextFetch()
    expect(dataReports()).toHaveLength(2)
    h.backend.eventsByUser.set('user-a', [poapEvent(1, 'claimed'), {}, {}])
    await nextFetch()
    expect(dataReports()).toHaveLength(3)
  })

  it('puts no personal data in reports or logs', async () => {
    h.backend.eventsByUser.set('user-a', [poapEvent(1, 'claimed'), { name: 'Alice’s wedding' }])
    await signIn()
    const said = JSON.stringify([dataReports().map((r) => r.context), h.logs])
    expect(said).not.toMatch(/Drop 1|Alice|Private notes|poap\.example|assets\.poap/)
  })

  it('keeps reporting per user: a new user’s problems are news', async () => {
    h.backend.eventsByUser.set('user-a', [poapEvent(1, 'claimed')])
    h.backend.eventsByUser.set('user-b', [poapEvent(2, 'claimed')])
    await signIn('user-a')
    await signIn('user-b')
    expect(dataReports()).toHaveLength(2)
  })

  it('reports problems once after an update over a cache written without a problems key', async () => {
    h.backend.eventsByUser.set('user-a', [rawEvent(1, 'active')])
    await signIn()
    // The cache as the first version wrote it: no problemsKey.
    const state = (await h.store.get<EngineState>(ENGINE_STATE_KEY))!
    const oldCache = { ...state.events! }
    delete oldCache.problemsKey
    await h.store.update<EngineState>(ENGINE_STATE_KEY, () => ({ ...state, events: oldCache }))
    expect((await h.engine.snapshot()).events?.events).toHaveLength(1)
    h.backend.eventsByUser.set('user-a', [rawEvent(1, 'archived')])
    await nextFetch()
    await nextFetch()
    expect(dataReports()).toHaveLength(1)
  })
})

describe('stored events that cannot be read', () => {
  it('drops only the events; the session stays and the list is fetched again', async () => {
    h.backend.eventsByUser.set('user-a', [rawEvent(1, 'active')])
    await signIn()
    const state = (await h.store.get<EngineState>(ENGINE_STATE_KEY))!
    await h.store.update<unknown>(ENGINE_STATE_KEY, () => ({
      ...state,
      events: { ...state.events, events: [{ id: 1, startDate: 'whenever' }] },
    }))
    const snapshot = await h.engine.snapshot()
    expect(snapshot.auth).toMatchObject({ signedIn: true })
    expect(snapshot.events).toBeNull()
    expect(h.reports.filter((r) => r.context.op === 'read-state')).toEqual([])
    expect((await h.store.get<EngineState>(ENGINE_STATE_KEY))?.session).toMatchObject({
      userId: 'user-a',
    })
    await h.engine.receive({ v: PROTOCOL_VERSION, type: TAB_MESSAGE.hello }, () => {})
    expect(h.sent('events')).toHaveLength(2)
    expect((await h.engine.snapshot()).events?.events.map((e) => e.id)).toEqual(['1'])
  })
})
