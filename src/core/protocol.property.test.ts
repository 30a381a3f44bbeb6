/** Properties of the worker ⇄ tab protocol: total validators, round trips, and no session token where the design has none. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ACCOUNT_OPS, type AccountCall, type AccountResult } from './account-messages.ts'
import { UNRECOVERABLE_ERROR_TYPES } from './constants.ts'
import {
  parseWorkerMessage,
  PROTOCOL_VERSION,
  TAB_MESSAGE,
  WORKER_MESSAGE,
  type EventsView,
  type ReportContext,
  type StatusView,
} from './protocol.ts'
import { parseTabMessage } from './tab-messages.ts'
import { toReportMessage } from './report-message.ts'
import { isScrubbedKey } from './secret-names.ts'
import {
  appEvent,
  authenticateData,
  BASE64URL,
  charsOf,
  sessionToken,
  tapQuery,
} from './testing/arbitraries.ts'

const v = PROTOCOL_VERSION
const finite = fc.double({ noNaN: true, noDefaultInfinity: true })
/** Text as sent, spaces around it included (a validator must pass it on as it is). */
const text = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ maxLength: 18 }).map((inner) => ` ${inner}\t`),
)
const nonEmpty = fc.string({ minLength: 1, maxLength: 20 })

/** How code and headers spell a credential's field (none is a field of any message but the hand-off). */
const CREDENTIAL_NAMES = [
  'session_token',
  'sessionToken',
  'jwt',
  'session_jwt',
  'sessionJwt',
  'Session-Token',
  'token',
  'refresh_token',
  'authorization',
  'Cookie',
  'api_key',
] as const

/** A report's context: operation names, counts and flags under ordinary names (not `uid`, `jwt`, …). */
const reportContext: fc.Arbitrary<ReportContext> = fc.dictionary(
  fc.oneof(
    fc.constantFrom('op', 'status', 'attempt', 'dropped', 'fromWorker', 'unknownStatuses'),
    charsOf('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', 1, 8).filter(
      (key) => !isScrubbedKey(key),
    ),
  ),
  fc.oneof(text, finite, fc.boolean()),
  { maxKeys: 4 },
)

const eventsView: fc.Arbitrary<EventsView> = fc.record({
  events: fc.array(appEvent, { maxLength: 3 }),
  fetchedAt: finite,
  source: fc.constantFrom('network', 'cache'),
})

const statusView: fc.Arbitrary<StatusView> = fc.record({
  online: fc.boolean(),
  refreshing: fc.boolean(),
  pendingTaps: fc.array(tapQuery, { maxLength: 3 }),
  wakeAt: fc.option(finite, { nil: null }),
})

const authView = fc.oneof(
  fc.constant({ signedIn: false as const }),
  fc.record({
    signedIn: fc.constant(true as const),
    email: fc.option(text, { nil: null }),
    phone: fc.option(text, { nil: null }),
    expiresAt: finite,
  }),
)

const registrationId = charsOf(BASE64URL, 1, 40)

const accountResult: fc.Arbitrary<AccountResult> = fc.oneof(
  fc.record({
    ok: fc.constant(true as const),
    passkeys: fc.array(fc.record({ id: registrationId, name: text, domain: text }), {
      maxLength: 3,
    }),
  }),
  fc.record({ ok: fc.constant(true as const), creationOptions: nonEmpty }),
  fc.record({
    ok: fc.constant(false as const),
    failure: fc.oneof(
      fc.constantFrom({ kind: 'signed-out' as const }, { kind: 'unreachable' as const }),
      fc.record({
        kind: fc.constant('refused' as const),
        errorType: fc.option(text, { nil: null }),
      }),
    ),
  }),
)

const accountCall: fc.Arbitrary<AccountCall> = fc.oneof(
  fc.constantFrom({ op: 'passkeys' as const }, { op: 'passkey-options' as const }),
  fc.record({ op: fc.constant('passkey-register' as const), credential: nonEmpty }),
  fc.record({
    op: fc.constant('passkey-rename' as const),
    id: registrationId,
    name: fc.string({ minLength: 1, maxLength: 64 }).filter((name) => name.trim() === name),
  }),
  fc.record({ op: fc.constant('passkey-remove' as const), id: registrationId }),
)

// Messages and views are left to inference: a field added to a message later (read as null when
// absent) needs no change here, as the properties compare what was generated.

/** Every kind of message the worker sends, with generated contents. */
const workerMessage = fc.oneof(
  fc.record({
    v: fc.constant(v),
    type: fc.constant(WORKER_MESSAGE.signin),
    email: fc.option(text, { nil: null }),
    phone: fc.option(text, { nil: null }),
    expiresAt: finite,
  }),
  fc.record({
    v: fc.constant(v),
    type: fc.constant(WORKER_MESSAGE.signout),
    reason: fc.constantFrom('user' as const, ...UNRECOVERABLE_ERROR_TYPES),
  }),
  fc.record({
    v: fc.constant(v),
    type: fc.constant(WORKER_MESSAGE.session),
    expiresAt: finite,
  }),
  eventsView.map((view) => ({ v, type: WORKER_MESSAGE.events, ...view })),
  text.map((message) => ({ v, type: WORKER_MESSAGE.eventsError, message })),
  statusView.map((view) => ({ v, type: WORKER_MESSAGE.status, ...view })),
  fc.record({
    v: fc.constant(v),
    type: fc.constant(WORKER_MESSAGE.snapshot),
    auth: authView,
    events: fc.option(eventsView, { nil: null }),
    status: statusView,
  }),
  fc.record({
    v: fc.constant(v),
    type: fc.constant(WORKER_MESSAGE.report),
    id: nonEmpty,
    name: text,
    message: text,
    stack: fc.option(text, { nil: null }),
    context: reportContext,
  }),
  fc.record({
    v: fc.constant(v),
    type: fc.constant(WORKER_MESSAGE.accountResult),
    id: nonEmpty,
    result: accountResult,
  }),
  fc.record({
    v: fc.constant(v),
    type: fc.constant(WORKER_MESSAGE.handoffResult),
    id: nonEmpty,
    result: fc.oneof(
      fc.constant({ ok: true as const }),
      fc.record({
        ok: fc.constant(false as const),
        failure: fc.constantFrom('refused' as const, 'unreachable' as const),
      }),
    ),
  }),
)

/** Every kind of message a tab sends, with generated contents. */
const tabMessage = fc.oneof(
  fc.constantFrom(
    { v, type: TAB_MESSAGE.hello },
    { v, type: TAB_MESSAGE.heartbeat },
    { v, type: TAB_MESSAGE.refresh },
    { v, type: TAB_MESSAGE.signout },
  ),
  fc
    .tuple(nonEmpty, authenticateData)
    .map(([id, data]) => ({ v, type: TAB_MESSAGE.handoff, id, ...data })),
  tapQuery.map((query) => ({ v, type: TAB_MESSAGE.tap, query })),
  nonEmpty.map((id) => ({ v, type: TAB_MESSAGE.reportReceived, id })),
  fc.record({
    v: fc.constant(v),
    type: fc.constant(TAB_MESSAGE.account),
    id: nonEmpty,
    call: accountCall,
  }),
)

/**
 * `value` with `token` under every credential name in every object it holds, at any depth; but
 * a field the value has already keeps its value (the hand-off's own `session_token`).
 */
function withCredentials(value: unknown, token: string): unknown {
  if (Array.isArray(value)) return value.map((item) => withCredentials(item, token))
  if (value === null || typeof value !== 'object') return value
  const entries = Object.entries(value).map(([key, item]) => [key, withCredentials(item, token)])
  return {
    ...Object.fromEntries(CREDENTIAL_NAMES.map((name) => [name, token])),
    ...Object.fromEntries(entries),
  }
}

describe('protocol: properties', () => {
  // Total: a message event may carry anything (another app's message, an older or newer build's).
  it('never throws, and answers null for anything of another version', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.jsonValue(),
          fc
            .oneof(workerMessage, tabMessage)
            .chain((message) =>
              fc.record({
                message: fc.constant(message),
                junk: fc.dictionary(text, fc.anything()),
              }),
            )
            .map(({ message, junk }) => ({ ...junk, ...message })),
        ),
        fc.oneof(
          fc.constant(undefined),
          fc.anything().filter((other) => other !== v),
        ),
        (data, otherVersion) => {
          parseWorkerMessage(data)
          parseTabMessage(data)
          if (data === null || typeof data !== 'object' || Array.isArray(data)) return
          const other = { ...data, v: otherVersion }
          expect(parseWorkerMessage(other)).toBeNull()
          expect(parseTabMessage(other)).toBeNull()
        },
      ),
      { numRuns: 500 },
    )
  })

  // What one side sends, the other reads as sent: postMessage and BroadcastChannel clone it.
  it('reads every valid message back as it was sent', () => {
    fc.assert(
      fc.property(workerMessage, (message) => {
        const read = parseWorkerMessage(structuredClone(message))
        expect(read).toMatchObject(message)
        expect(parseWorkerMessage(structuredClone(read))).toEqual(read)
      }),
      { numRuns: 600 },
    )
    fc.assert(
      fc.property(tabMessage, (message) => {
        const read = parseTabMessage(structuredClone(message))
        expect(read).toMatchObject(message)
        expect(parseTabMessage(structuredClone(read))).toEqual(read)
      }),
      { numRuns: 300 },
    )
  })

  // The session token stays in the worker after the hand-off: whatever a worker message is made
  // to carry under a credential's name, in any object it holds (a report's context included),
  // none of it reaches a tab.
  it('lets no credential through in any worker message, at any depth', () => {
    fc.assert(
      fc.property(workerMessage, sessionToken, (message, token) => {
        const parsed = parseWorkerMessage(withCredentials(message, token))
        expect(parsed).toEqual(parseWorkerMessage(message))
        expect(JSON.stringify(parsed)).not.toContain(token)
      }),
      { numRuns: 300 },
    )
  })

  // The hand-off is the one message that carries the session token (and the sign-in's JWT), once,
  // in its own field; every other tab message and every other place in the hand-off carries none.
  it('takes the session token from a tab only as the hand-off’s own field', () => {
    fc.assert(
      fc.property(tabMessage, sessionToken, (message, token) => {
        const parsed = parseTabMessage(withCredentials(message, token))
        expect(parsed).toEqual(parseTabMessage(message))
        if (message.type !== TAB_MESSAGE.handoff) {
          expect(JSON.stringify(parsed)).not.toContain(token)
        } else {
          expect(JSON.stringify(parsed).split(message.session_token)).toHaveLength(2)
        }
      }),
      { numRuns: 300 },
    )
  })

  // The worker's own reports: any error and context, credentials among its fields or not, make a
  // message the tab reads as sent, with no credential in it.
  it('makes reports that read back as sent and carry no credential field', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          text.map((message) => new TypeError(message)),
        ),
        reportContext,
        fc.dictionary(fc.constantFrom(...CREDENTIAL_NAMES, 'email', 'uid', 'sessionJwt'), text),
        nonEmpty,
        (error, context, credentials, id) => {
          const message = toReportMessage(error, { ...context, ...credentials }, id)
          expect(parseWorkerMessage(structuredClone(message))).toEqual(message)
          for (const name of Object.keys(credentials)) {
            expect(Object.keys(message.context)).not.toContain(name)
          }
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('protocol: every account operation is generated', () => {
  it('covers each operation the protocol knows', () => {
    const seen = new Set(fc.sample(accountCall, 200).map((call) => call.op))
    expect([...seen].sort()).toEqual([...ACCOUNT_OPS].sort())
  })
})
