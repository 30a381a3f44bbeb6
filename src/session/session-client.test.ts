/**
 * The session client: its watch on `refreshing` (a host that never says a refresh ended is asked
 * again), and what it sends the host.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { timing } from '../config/timing.ts'
import {
  CHANNEL_NAME,
  PROTOCOL_VERSION as v,
  TAB_MESSAGE,
  WORKER_MESSAGE,
  type SnapshotMessage,
  type StatusMessage,
  type WorkerMessage,
} from '../core/protocol.ts'
import { type TabMessage } from '../core/tab-messages.ts'
import {
  createSessionClient,
  HandoffError,
  type Deliver,
  type SessionClient,
} from './session-client.ts'

const status = (refreshing: boolean): StatusMessage => ({
  v,
  type: WORKER_MESSAGE.status,
  online: true,
  refreshing,
  pendingTaps: [],
  wakeAt: null,
})

const snapshot = (refreshing: boolean): SnapshotMessage => ({
  v,
  type: WORKER_MESSAGE.snapshot,
  auth: { signedIn: true, email: 'a@example.com', phone: null, expiresAt: 1000 },
  events: null,
  status: { online: true, refreshing, pendingTaps: [], wakeAt: null },
})

/**
 * A client over a fake host that records what the tab sends and answers each `hello` with the
 * snapshot `answer()` returns (as the worker does, to this tab only). `refreshing()` is what the
 * last status or snapshot the client's listeners received says: what the app store shows.
 */
function connectedClient(answer: () => SnapshotMessage) {
  const sent: TabMessage[] = []
  let deliver: Deliver = () => {}
  const client = createSessionClient('worker', (toTab) => {
    deliver = toTab
    return (message) => {
      sent.push(message)
      if (message.type === TAB_MESSAGE.hello) deliver(answer())
    }
  })
  const received: WorkerMessage[] = []
  client.subscribe((message) => void received.push(message))
  const hellos = () => sent.filter((message) => message.type === TAB_MESSAGE.hello).length
  return {
    client,
    sent,
    received,
    hellos,
    refreshing: () => lastRefreshing(received),
    deliver: (message: WorkerMessage) => deliver(message),
    /** Hands the client anything, as a host of another release or a bug might. */
    deliverRaw: (data: unknown) => deliver(data as WorkerMessage),
  }
}

/** `refreshing` as the last status or snapshot among `messages` says (null: none yet). */
function lastRefreshing(messages: WorkerMessage[]): boolean | null {
  for (const message of messages.toReversed()) {
    if (message.type === WORKER_MESSAGE.status) return message.refreshing
    if (message.type === WORKER_MESSAGE.snapshot) return message.status.refreshing
  }
  return null
}

let client: SessionClient | undefined

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
})

afterEach(() => {
  client?.close()
  client = undefined
  vi.useRealTimers()
})

describe('session client: a message it cannot read', () => {
  it('is dropped, and said once with its reason, however often it comes', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const tab = connectedClient(() => snapshot(false))
    client = tab.client
    for (let i = 0; i < 5; i++) tab.deliverRaw({ ...status(true), v: v + 1 })
    tab.deliverRaw({ ...status(true), online: 'yes' })
    tab.deliver(status(false))
    expect(tab.received).toEqual([status(false)])
    expect(warn.mock.calls).toEqual([
      ['[session]', `Dropped a message: another protocol version: version ${v + 1}, not ${v}`],
      ['[session]', 'Dropped a message: malformed "status" message: online: expected a boolean'],
    ])
  })
})

describe('session client: refreshing that never ends', () => {
  it('asks the host again once refreshing outlasts any refresh, and its listeners get the answer', () => {
    const tab = connectedClient(() => snapshot(false))
    client = tab.client
    tab.deliver(status(true))
    expect(tab.refreshing()).toBe(true)

    vi.advanceTimersByTime(timing.refreshingRecheckMs - 1)
    expect(tab.hellos()).toBe(0)
    expect(tab.refreshing()).toBe(true)

    vi.advanceTimersByTime(1)
    expect(tab.hellos()).toBe(1)
    expect(tab.received.at(-1)).toEqual(snapshot(false))

    // Corrected: nothing more to ask.
    vi.advanceTimersByTime(timing.refreshingRecheckMs * 3)
    expect(tab.hellos()).toBe(1)
  })

  it('does not ask when the refresh ends in time', () => {
    const tab = connectedClient(() => snapshot(false))
    client = tab.client
    tab.deliver(status(true))
    vi.advanceTimersByTime(timing.refreshingRecheckMs - 1)
    tab.deliver(status(false))
    vi.advanceTimersByTime(timing.refreshingRecheckMs * 3)
    expect(tab.hellos()).toBe(0)
    expect(tab.refreshing()).toBe(false)
  })

  it('a new refresh after one that ended gets its own full deadline', () => {
    const tab = connectedClient(() => snapshot(false))
    client = tab.client
    tab.deliver(status(true))
    vi.advanceTimersByTime(timing.refreshingRecheckMs - 1000)
    tab.deliver(status(false))
    tab.deliver(status(true))
    vi.advanceTimersByTime(timing.refreshingRecheckMs - 1)
    expect(tab.hellos()).toBe(0)
    vi.advanceTimersByTime(1)
    expect(tab.hellos()).toBe(1)
  })

  it('keeps asking while the host says it is still busy, and stops once it is not', () => {
    let busy = true
    const tab = connectedClient(() => snapshot(busy))
    client = tab.client
    tab.deliver(snapshot(true))

    vi.advanceTimersByTime(timing.refreshingRecheckMs)
    expect(tab.hellos()).toBe(1)
    expect(tab.refreshing()).toBe(true)

    vi.advanceTimersByTime(timing.refreshingRecheckMs)
    expect(tab.hellos()).toBe(2)

    busy = false
    vi.advanceTimersByTime(timing.refreshingRecheckMs)
    expect(tab.hellos()).toBe(3)
    expect(tab.refreshing()).toBe(false)
    vi.advanceTimersByTime(timing.refreshingRecheckMs * 3)
    expect(tab.hellos()).toBe(3)
  })

  it('asks again even when the host does not answer at once', () => {
    const sent: TabMessage[] = []
    client = createSessionClient('worker', () => (message) => void sent.push(message))
    const received: WorkerMessage[] = []
    client.subscribe((message) => void received.push(message))
    // Only the status itself comes through this tab's deliver; no answer to hello ever does.
    const channel = new BroadcastChannel(CHANNEL_NAME)
    const seen = new Promise<void>((resolve) => {
      const stop = client?.subscribe(() => {
        stop?.()
        resolve()
      })
    })
    channel.postMessage(status(true))
    return seen.then(() => {
      channel.close()
      expect(lastRefreshing(received)).toBe(true)
      vi.advanceTimersByTime(timing.refreshingRecheckMs * 2)
      expect(sent.filter((message) => message.type === TAB_MESSAGE.hello)).toHaveLength(2)
    })
  })

  it('stops watching once closed', () => {
    const tab = connectedClient(() => snapshot(false))
    tab.deliver(status(true))
    tab.client.close()
    vi.advanceTimersByTime(timing.refreshingRecheckMs * 2)
    expect(tab.hellos()).toBe(0)
  })
})

describe('session client: taps', () => {
  it('hands a tap to the host as it is', () => {
    const tab = connectedClient(() => snapshot(false))
    client = tab.client
    const query = '?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'
    tab.client.tap(query)
    expect(tab.sent).toEqual([{ v, type: TAB_MESSAGE.tap, query }])
  })
})

describe('session client: account calls', () => {
  it('sends the call with a fresh id and resolves with the answer to that id alone', async () => {
    const tab = connectedClient(() => snapshot(false))
    client = tab.client
    const first = tab.client.account({ op: 'passkeys' })
    const second = tab.client.account({ op: 'passkey-remove', id: 'webauthn-registration-1' })
    const [one, two] = tab.sent as Extract<TabMessage, { type: 'account' }>[]
    expect(one?.call).toEqual({ op: 'passkeys' })
    expect(two?.call).toEqual({ op: 'passkey-remove', id: 'webauthn-registration-1' })
    expect(one?.id).not.toBe(two?.id)
    tab.deliver({
      v,
      type: WORKER_MESSAGE.accountResult,
      id: two!.id,
      result: { ok: true, passkeys: [] },
    })
    tab.deliver({
      v,
      type: WORKER_MESSAGE.accountResult,
      id: one!.id,
      result: { ok: false, failure: { kind: 'signed-out' } },
    })
    expect(await first).toEqual({ ok: false, failure: { kind: 'signed-out' } })
    expect(await second).toEqual({ ok: true, passkeys: [] })
  })

  it('reads a host that never answers as unreachable', async () => {
    const tab = connectedClient(() => snapshot(false))
    client = tab.client
    const pending = tab.client.account({ op: 'passkeys' })
    vi.advanceTimersByTime(60_000)
    expect(await pending).toEqual({ ok: false, failure: { kind: 'unreachable' } })
  })
})

describe('session client: hand-off', () => {
  const data = {
    session_token: 'session-token-handed',
    session_jwt: 'eyJ.handed.jwt',
    session: { expires_at: '2025-01-01T01:00:00Z' },
    user: { user_id: 'user-1', emails: [{ email: 'a@example.com' }] },
  }
  const signin: WorkerMessage = {
    v,
    type: WORKER_MESSAGE.signin,
    email: 'a@example.com',
    phone: null,
    expiresAt: 1,
  }
  const handoffSent = (sent: TabMessage[]) =>
    sent.find((message) => message.type === TAB_MESSAGE.handoff)!

  it.each([
    ['the answer first', 'answer-first'],
    ['the broadcast first', 'signin-first'],
  ])(
    'resolves once the host confirmed it and announced the sign-in (%s)',
    async (_label, order) => {
      const tab = connectedClient(() => snapshot(false))
      client = tab.client
      let settled = false
      const pending = tab.client.handoff(data).then(() => (settled = true))
      const { id } = handoffSent(tab.sent)
      expect(handoffSent(tab.sent)).toEqual({ v, type: TAB_MESSAGE.handoff, id, ...data })
      const answer: WorkerMessage = {
        v,
        type: WORKER_MESSAGE.handoffResult,
        id,
        result: { ok: true },
      }
      const [first, second] = order === 'answer-first' ? [answer, signin] : [signin, answer]
      tab.deliver(first)
      await Promise.resolve()
      expect(settled).toBe(false)
      tab.deliver(second)
      await pending
      expect(settled).toBe(true)
    },
  )

  it.each([
    ['refused', 401],
    ['unreachable', 503],
  ] as const)(
    'rejects with what the host says when it did not take it: %s',
    async (failure, status) => {
      const tab = connectedClient(() => snapshot(false))
      client = tab.client
      const pending = tab.client.handoff(data)
      const { id } = handoffSent(tab.sent)
      // Another tab's hand-off answer is not this one's.
      tab.deliver({
        v,
        type: WORKER_MESSAGE.handoffResult,
        id: 'handoff-other',
        result: { ok: true },
      })
      tab.deliver({ v, type: WORKER_MESSAGE.handoffResult, id, result: { ok: false, failure } })
      const error = await pending.catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(HandoffError)
      expect(error).toMatchObject({ failure, status })
    },
  )

  it('gives up after its deadline when the host never answers', async () => {
    const tab = connectedClient(() => snapshot(false))
    client = tab.client
    const pending = tab.client.handoff(data).catch((caught: unknown) => caught)
    vi.advanceTimersByTime(10_000)
    expect(await pending).toMatchObject({ status: 504, message: expect.stringMatching(/too long/) })
  })
})

describe('session client: an answer overtaken by a sign-in or sign-out', () => {
  const anonymous: SnapshotMessage = { ...snapshot(false), auth: { signedIn: false } }

  /** A client over a host that answers only when told to. */
  function quietHost() {
    const sent: TabMessage[] = []
    let deliver: Deliver = () => {}
    const tab = createSessionClient('worker', (toTab) => {
      deliver = toTab
      return (message) => void sent.push(message)
    })
    const received: WorkerMessage[] = []
    tab.subscribe((message) => void received.push(message))
    const hellos = () => sent.filter((message) => message.type === TAB_MESSAGE.hello).length
    return { tab, received, hellos, deliver: (message: WorkerMessage) => deliver(message) }
  }

  it('is not shown: the tab asks again and shows the next answer', () => {
    const host = quietHost()
    client = host.tab
    client.hello()
    // The host read its state (signed in), then a sign-out was announced, then the answer came.
    host.deliver({ v, type: WORKER_MESSAGE.signout, reason: 'user' })
    host.deliver(snapshot(false))
    expect(host.received.map((message) => message.type)).toEqual([WORKER_MESSAGE.signout])
    expect(host.hellos()).toBe(2)

    host.deliver(anonymous)
    expect(host.received.at(-1)).toEqual(anonymous)
    expect(host.hellos()).toBe(2)
  })

  it('an answer with no change announced since its hello is shown at once', () => {
    const host = quietHost()
    client = host.tab
    host.deliver({ v, type: WORKER_MESSAGE.signout, reason: 'user' })
    client.hello()
    host.deliver(anonymous)
    expect(host.received.at(-1)).toEqual(anonymous)
    expect(host.hellos()).toBe(1)
  })
})

describe('session client: waking the host', () => {
  // The wake time is a clock time: the clock moves with the timers here.
  beforeEach(() => {
    vi.useRealTimers()
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 27, 12) })
  })

  const heartbeats = (sent: TabMessage[]) =>
    sent.filter((message) => message.type === TAB_MESSAGE.heartbeat).length

  it('wakes the host at the time its status names, once, and not between', () => {
    const tab = connectedClient(() => snapshot(false))
    client = tab.client
    const wakeAt = Date.now() + 600_000
    tab.deliver({ ...status(false), wakeAt })
    vi.advanceTimersByTime(600_000 + timing.wakeSlackMs - 1)
    expect(heartbeats(tab.sent)).toBe(0)
    vi.advanceTimersByTime(1)
    expect(heartbeats(tab.sent)).toBe(1)
    // The host's answer names its next time: nothing until then.
    tab.deliver({ ...status(false), wakeAt: wakeAt + 600_000 })
    vi.advanceTimersByTime(600_000 - 1_000)
    expect(heartbeats(tab.sent)).toBe(1)
  })

  it('learns the time from the answer to hello, and forgets it on a sign-out', () => {
    const tab = connectedClient(() => ({
      ...snapshot(false),
      status: { ...snapshot(false).status, wakeAt: Date.now() + 5_000 },
    }))
    client = tab.client
    tab.client.hello()
    vi.advanceTimersByTime(5_000 + timing.wakeSlackMs)
    expect(heartbeats(tab.sent)).toBe(1)
    tab.deliver({ ...status(false), wakeAt: null })
    vi.advanceTimersByTime(timing.reauthIntervalMs * 3)
    expect(heartbeats(tab.sent)).toBe(1)
  })

  it('sends no heartbeat on a timer of its own (a signed-in tab used to send one every 20 s)', () => {
    const tab = connectedClient(() => snapshot(false))
    client = tab.client
    tab.deliver({ ...status(false), wakeAt: Date.now() + 600_000 })
    vi.advanceTimersByTime(599_000)
    expect(heartbeats(tab.sent)).toBe(0)
  })
})
