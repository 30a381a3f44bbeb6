/** The protocol validators accept every well-formed message and reject anything else. */
import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  PROTOCOL_VERSION,
  SKIP_WAITING,
  isSkipWaitingMessage,
  TAB_MESSAGE,
  WORKER_MESSAGE,
  dropReporter,
  parseWorkerMessage,
  readMessage,
  type AuthView,
  type EventsView,
  type HandoffResult,
  type StatusView,
  type WorkerMessage,
} from './protocol.ts'
import { parseTabMessage, type TabMessage } from './tab-messages.ts'
import { custom, nonEmptyString, object } from './schema.ts'
import { parsePoapEvent } from './poap-event.ts'
import { rawEvent } from './testing/fake-backend.ts'

const v = PROTOCOL_VERSION
// Events cross the protocol in the app's own (normalised) shape.
const event = parsePoapEvent({ ...(rawEvent('e1', 'active') as Record<string, unknown>), id: 'e1' })
const handoffParts = {
  session_token: 'secret-token',
  session_jwt: 'jwt-1',
  session: { expires_at: '2025-01-01T01:00:00Z' },
  user: { user_id: 'user-1', emails: [{ email: 'a@example.com' }] },
}

/** A card tap's query in the signed format (uid + ctr + cmac). */
const TAP_QUERY = '?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'

const workerMessages: WorkerMessage[] = [
  {
    v,
    type: WORKER_MESSAGE.signin,
    email: 'a@example.com',
    phone: null,
    expiresAt: 1,
  },
  { v, type: WORKER_MESSAGE.signin, email: null, phone: null, expiresAt: 1 },
  {
    v,
    type: WORKER_MESSAGE.signin,
    email: null,
    phone: '+14155550101',
    expiresAt: 1,
  },
  { v, type: WORKER_MESSAGE.signout, reason: 'user' },
  { v, type: WORKER_MESSAGE.signout, reason: 'session_not_found' },
  { v, type: WORKER_MESSAGE.session, expiresAt: 2 },
  { v, type: WORKER_MESSAGE.events, events: [event], fetchedAt: 3, source: 'network' },
  { v, type: WORKER_MESSAGE.eventsError, message: 'Could not load your events (HTTP 500).' },
  {
    v,
    type: WORKER_MESSAGE.status,
    online: false,
    refreshing: true,
    pendingTaps: [],
    wakeAt: null,
  },
  {
    v,
    type: WORKER_MESSAGE.status,
    online: false,
    refreshing: false,
    pendingTaps: [TAP_QUERY, '?e=00112233445566778899AABBCCDDEEFF'],
    wakeAt: null,
  },
  {
    v,
    type: WORKER_MESSAGE.snapshot,
    auth: { signedIn: true, email: 'a@example.com', phone: null, expiresAt: 1 },
    events: { events: [], fetchedAt: 3, source: 'cache' },
    status: { online: true, refreshing: false, pendingTaps: [TAP_QUERY], wakeAt: null },
  },
  {
    v,
    type: WORKER_MESSAGE.snapshot,
    auth: { signedIn: false },
    events: null,
    status: { online: true, refreshing: false, pendingTaps: [], wakeAt: null },
  },
  {
    v,
    type: WORKER_MESSAGE.report,
    id: 'report-1',
    name: 'Error',
    message: 'Could not load your events (HTTP 500).',
    stack: 'Error: Could not load your events\n    at fetchEvents (sw.js:1:2)',
    context: { op: 'poap-events', attempt: 2, fromWorker: true },
  },
  { v, type: WORKER_MESSAGE.report, id: 'r', name: '', message: '', stack: null, context: {} },
  {
    v,
    type: WORKER_MESSAGE.accountResult,
    id: 'account-1',
    result: { ok: true, passkeys: [{ id: 'webauthn-registration-test-1', name: '', domain: 'a' }] },
  },
  {
    v,
    type: WORKER_MESSAGE.accountResult,
    id: 'account-2',
    result: { ok: true, creationOptions: '{"challenge":"abc"}' },
  },
  {
    v,
    type: WORKER_MESSAGE.accountResult,
    id: 'account-3',
    result: {
      ok: false,
      failure: { kind: 'refused', errorType: 'webauthn_registration_not_found' },
    },
  },
  {
    v,
    type: WORKER_MESSAGE.accountResult,
    id: 'account-4',
    result: { ok: false, failure: { kind: 'signed-out' } },
  },
  {
    v,
    type: WORKER_MESSAGE.accountResult,
    id: 'account-5',
    result: { ok: false, failure: { kind: 'reauth-needed' } },
  },
  { v, type: WORKER_MESSAGE.handoffResult, id: 'handoff-1', result: { ok: true } },
  {
    v,
    type: WORKER_MESSAGE.handoffResult,
    id: 'handoff-2',
    result: { ok: false, failure: 'refused' },
  },
  {
    v,
    type: WORKER_MESSAGE.handoffResult,
    id: 'handoff-3',
    result: { ok: false, failure: 'unreachable' },
  },
]

const tabMessages: TabMessage[] = [
  { v, type: TAB_MESSAGE.hello },
  { v, type: TAB_MESSAGE.reportReceived, id: 'report-1' },
  { v, type: TAB_MESSAGE.handoff, id: 'handoff-1', ...handoffParts },
  { v, type: TAB_MESSAGE.heartbeat },
  { v, type: TAB_MESSAGE.refresh },
  { v, type: TAB_MESSAGE.tap, query: TAP_QUERY },
  { v, type: TAB_MESSAGE.signout },
  { v, type: TAB_MESSAGE.account, id: 'account-1', call: { op: 'passkeys' } },
  { v, type: TAB_MESSAGE.account, id: 'account-2', call: { op: 'passkey-options' } },
  {
    v,
    type: TAB_MESSAGE.account,
    id: 'account-3',
    call: { op: 'passkey-register', credential: '{"id":"abc"}' },
  },
  {
    v,
    type: TAB_MESSAGE.account,
    id: 'account-4',
    call: { op: 'passkey-rename', id: 'webauthn-registration-test-1', name: 'Phone' },
  },
  {
    v,
    type: TAB_MESSAGE.account,
    id: 'account-5',
    call: { op: 'passkey-remove', id: 'webauthn-registration-test-1' },
  },
]

describe('parseWorkerMessage', () => {
  it.each(workerMessages.map((m) => [m.type, m] as const))('accepts a valid %s', (_t, message) => {
    expect(parseWorkerMessage(JSON.parse(JSON.stringify(message)))).toEqual(message)
  })

  it.each([
    ['null', null],
    ['a string', 'signin'],
    ['no version', { type: 'status', online: true, refreshing: false }],
    ['another version', { v: v + 1, type: 'status', online: true, refreshing: false }],
    [
      'the version before tabs lost the JWT',
      { v: 1, type: 'status', online: true, refreshing: false },
    ],
    ['an unknown type', { v, type: 'reboot' }],
    ['a type named after an object property', { v, type: 'toString' }],
    ['a type named __proto__', { v, type: '__proto__' }],
    [
      'a handoff-result whose ok is a string',
      { v, type: 'handoff-result', id: 'h', result: { ok: 'true' } },
    ],
    ['signin without expiry', { v, type: 'signin', email: 'a@b.c', phone: null }],
    [
      'signin with a string expiry',
      { v, type: 'signin', email: null, phone: null, expiresAt: '1' },
    ],
    ['signout with an unknown reason', { v, type: 'signout', reason: 'bored' }],
    ['session with NaN expiry', { v, type: 'session', expiresAt: Number.NaN }],
    ['a handoff-result without its id', { v, type: 'handoff-result', result: { ok: true } }],
    [
      'a handoff-result with an unknown failure',
      { v, type: 'handoff-result', id: 'h', result: { ok: false, failure: 'bored' } },
    ],
    ['a report without its id', { v, type: 'report', name: '', message: '', context: {} }],
    [
      'events with a bad event',
      {
        v,
        type: 'events',
        events: [{ ...event, startDate: 'x' }],
        fetchedAt: 1,
        source: 'network',
      },
    ],
    [
      'events with an unknown source',
      { v, type: 'events', events: [], fetchedAt: 1, source: 'disk' },
    ],
    ['events-error without message', { v, type: 'events-error' }],
    ['status with a string flag', { v, type: 'status', online: 'yes', refreshing: false }],
    [
      'status with a pending tap that is no tap',
      { v, type: 'status', online: true, refreshing: false, pendingTaps: ['?uid=zz'] },
    ],
    [
      'status with pending taps not in a list',
      { v, type: 'status', online: true, refreshing: false, pendingTaps: TAP_QUERY },
    ],
    ['snapshot without status', { v, type: 'snapshot', auth: { signedIn: false }, events: null }],
    [
      'snapshot signed in without expiry',
      {
        v,
        type: 'snapshot',
        auth: { signedIn: true, email: null, phone: null },
        events: null,
        status: { online: true, refreshing: false },
      },
    ],
    ['report without context', { v, type: 'report', name: 'Error', message: 'x', stack: null }],
    [
      'report with a nested context value',
      { v, type: 'report', name: 'E', message: 'x', stack: null, context: { op: { a: 1 } } },
    ],
    [
      'report with a NaN context value',
      { v, type: 'report', name: 'E', message: 'x', stack: null, context: { n: Number.NaN } },
    ],
    ['report with a numeric message', { v, type: 'report', name: 'E', message: 1, context: {} }],
  ])('rejects %s', (_label, data) => {
    expect(parseWorkerMessage(data)).toBeNull()
  })

  it('reads a report without a stack as stack null', () => {
    expect(
      parseWorkerMessage({ v, type: 'report', id: 'r', name: 'E', message: 'm', context: {} }),
    ).toEqual({ v, type: 'report', id: 'r', name: 'E', message: 'm', stack: null, context: {} })
  })

  it('drops fields that are not part of the message', () => {
    const parsed = parseWorkerMessage({
      v,
      type: 'session',
      expiresAt: 1,
      session_token: 's',
    })
    expect(parsed).toEqual({ v, type: 'session', expiresAt: 1 })
  })

  it('has no room for a session token or a JWT in any worker message', () => {
    // The types (checked by the compiler): no message, nor any view in one, has a credential field.
    type KeysOf<T> = T extends unknown ? keyof T : never
    type Keys =
      | KeysOf<WorkerMessage>
      | KeysOf<AuthView>
      | KeysOf<EventsView>
      | KeysOf<StatusView>
      | KeysOf<HandoffResult>
    type Credential = 'session_token' | 'sessionToken' | 'jwt' | 'session_jwt' | 'sessionJwt'
    expectTypeOf<Extract<Keys, Credential>>().toBeNever()
    // The validator: a credential put into any object of a well-formed message never comes
    // through, a report's free-form context included (its credential-named fields are dropped).
    const token = 'secret-session-token'
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEifQ.c2lnbmF0dXJl'
    const withCredentials = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map((item) => withCredentials(item))
      if (value === null || typeof value !== 'object') return value
      const entries = Object.entries(value).map(([name, inner]) => [name, withCredentials(inner)])
      return {
        ...Object.fromEntries(entries),
        session_token: token,
        sessionToken: token,
        jwt,
        session_jwt: jwt,
        sessionJwt: jwt,
      }
    }
    for (const message of workerMessages) {
      const parsed = parseWorkerMessage(withCredentials(message))
      expect(parsed, message.type).toEqual(message)
      expect(JSON.stringify(parsed), message.type).not.toContain(token)
      expect(JSON.stringify(parsed), message.type).not.toContain(jwt)
    }
  })
})

describe('isSkipWaitingMessage', () => {
  it('recognises workbox-window’s message and nothing else', () => {
    expect(isSkipWaitingMessage({ type: SKIP_WAITING })).toBe(true)
    expect(isSkipWaitingMessage({ v, type: 'hello' })).toBe(false)
    expect(isSkipWaitingMessage('SKIP_WAITING')).toBe(false)
    expect(parseTabMessage({ type: SKIP_WAITING })).toBeNull()
  })
})

describe('parseTabMessage', () => {
  it.each(tabMessages.map((m) => [m.type, m] as const))('accepts a valid %s', (_t, message) => {
    expect(parseTabMessage(JSON.parse(JSON.stringify(message)))).toEqual(message)
  })

  it('reads a status from a worker that knew no taps or wakes as one with none pending or due', () => {
    expect(parseWorkerMessage({ v, type: 'status', online: true, refreshing: false })).toEqual({
      v,
      type: 'status',
      online: true,
      refreshing: false,
      pendingTaps: [],
      wakeAt: null,
    })
  })

  it('refuses a status whose next wake is not a time', () => {
    for (const wakeAt of ['soon', Number.NaN, Infinity, {}]) {
      expect(
        parseWorkerMessage({ v, type: 'status', online: true, refreshing: false, wakeAt }),
      ).toBeNull()
    }
  })

  it('keeps only the validated parts of a hand-off', () => {
    const parsed = parseTabMessage({
      v,
      type: 'handoff',
      id: 'handoff-1',
      ...handoffParts,
      session: { ...handoffParts.session, session_id: 's-1' },
      user: { ...handoffParts.user, name: { first_name: 'A' } },
      providerUrl: 'https://evil.example',
    })
    expect(parsed).toEqual({
      v,
      type: 'handoff',
      id: 'handoff-1',
      ...handoffParts,
      session: { ...handoffParts.session, session_id: 's-1' },
    })
  })

  it.each([
    ['undefined', undefined],
    ['an array', [v, 'hello']],
    ['another version', { v: 0, type: 'hello' }],
    ['an unknown type', { v, type: 'handoff-please' }],
    ['a worker message', { v, type: 'status', online: true, refreshing: false }],
    [
      'a hand-off without token',
      { v, type: 'handoff', id: 'h', ...handoffParts, session_token: undefined },
    ],
    [
      'a hand-off with an empty jwt',
      { v, type: 'handoff', id: 'h', ...handoffParts, session_jwt: '' },
    ],
    [
      'a hand-off with a bad expiry',
      { v, type: 'handoff', id: 'h', ...handoffParts, session: { expires_at: 'soon' } },
    ],
    [
      'a hand-off with a bad session id',
      {
        v,
        type: 'handoff',
        id: 'h',
        ...handoffParts,
        session: { ...handoffParts.session, session_id: 7 },
      },
    ],
    ['a hand-off without its id', { v, type: 'handoff', ...handoffParts }],
    [
      'a hand-off without user id',
      { v, type: 'handoff', id: 'h', ...handoffParts, user: { emails: [] } },
    ],
    ['a report received without its id', { v, type: 'report-received' }],
    ['a tap without its query', { v, type: 'tap' }],
    ['a tap whose query is no tap', { v, type: 'tap', query: '?next=https://evil.example' }],
    ['a tap with a query far too long', { v, type: 'tap', query: TAP_QUERY + '0'.repeat(600) }],
    [
      'a hand-off with bad emails',
      { v, type: 'handoff', id: 'h', ...handoffParts, user: { user_id: 'u', emails: ['a@b.c'] } },
    ],
    ['an account call of no known kind', { v, type: 'account', id: 'a', call: { op: 'users' } }],
    [
      'an account call with a path for an id',
      { v, type: 'account', id: 'a', call: { op: 'passkey-remove', id: '../users/me' } },
    ],
    [
      'a passkey name of spaces',
      { v, type: 'account', id: 'a', call: { op: 'passkey-rename', id: 'w-1', name: '   ' } },
    ],
    [
      'a passkey name far too long',
      {
        v,
        type: 'account',
        id: 'a',
        call: { op: 'passkey-rename', id: 'w-1', name: 'n'.repeat(65) },
      },
    ],
    [
      'a credential far too long',
      {
        v,
        type: 'account',
        id: 'a',
        call: { op: 'passkey-register', credential: 'x'.repeat(70_000) },
      },
    ],
    ['an account call without its id', { v, type: 'account', call: { op: 'passkeys' } }],
  ])('rejects %s', (_label, data) => {
    expect(parseTabMessage(data)).toBeNull()
  })
})

describe('a dropped message', () => {
  const table = { hello: object({}), tap: object({ query: nonEmptyString }) }
  const heard = (data: unknown) => {
    const reasons: string[] = []
    expect(readMessage(table, data, (reason) => reasons.push(reason))).toBeNull()
    return reasons
  }

  it('says why, naming no value of the message', () => {
    expect(heard('hello')).toEqual(['not a protocol message'])
    expect(heard({ v, kind: 'hello' })).toEqual(['not a protocol message'])
    expect(heard({ v: v + 1, type: 'hello' })).toEqual([
      `another protocol version: version ${v + 1}, not ${v}`,
    ])
    expect(heard({ type: 'hello' })).toEqual([`another protocol version: no version, not ${v}`])
    expect(heard({ v, type: 'wave' })).toEqual(['unknown message type "wave"'])
    expect(heard({ v, type: 'secret-token-ABC123==' })).toEqual(['unknown message type unnamed'])
    expect(heard({ v, type: 'tap', query: 42 })).toEqual([
      'malformed "tap" message: query: expected a non-empty string',
    ])
  })

  it('is told of nothing when the message is read', () => {
    const reasons: string[] = []
    expect(readMessage(table, { v, type: 'hello' }, (r) => reasons.push(r))).toEqual({
      v,
      type: 'hello',
    })
    expect(reasons).toEqual([])
  })

  it('throws, for the error reporting, when a reader fails for a reason that is not the message', () => {
    const buggy = { boom: custom((): object => JSON.parse('{')) }
    expect(() => readMessage(buggy, { v, type: 'boom' }, () => {})).toThrow(SyntaxError)
  })

  it('is said once per reason, up to a limit', () => {
    const said: string[] = []
    const onDropped = dropReporter((text) => said.push(text), 3)
    for (let i = 0; i < 100; i++) onDropped('another protocol version: version 1, not 2')
    onDropped('unknown message type "wave"')
    onDropped('not a protocol message')
    onDropped('malformed "tap" message: query: expected a non-empty string')
    expect(said).toEqual([
      'Dropped a message: another protocol version: version 1, not 2',
      'Dropped a message: unknown message type "wave"',
      'Dropped a message: not a protocol message',
    ])
  })
})
