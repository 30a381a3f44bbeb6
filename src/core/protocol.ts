/** The one worker ⇄ tab protocol: channel name, message types, their versioned unions and validators. */
import {
  ACCOUNT_OPS,
  cleanPasskeyName,
  isRegistrationId,
  MAX_CREDENTIAL_LENGTH,
  type AccountCall,
  type AccountFailure,
  type AccountResult,
  type Passkey,
} from './account-calls.ts'
import { isUnrecoverableErrorType, type UnrecoverableErrorType } from './constants.ts'
import { parsePoapEventList, type PoapEvent } from './poap-event.ts'
import { parseAuthenticateData, type AuthenticateData } from './provider-session.ts'
import { isScrubbedKey } from './scrub.ts'
import { parseTapParams } from './tap-params.ts'
import {
  expectArray,
  expectBoolean,
  expectNumber,
  expectOneOf,
  expectOptionalString,
  expectRecord,
  expectString,
  isRecord,
  ValidationError,
} from './validation.ts'

/**
 * Bumped on any incompatible change; messages of another version are ignored. 2: tabs get no JWT
 * (`signin`, `session`, the snapshot's auth), and a hand-off is answered (`handoff-result`).
 */
export const PROTOCOL_VERSION = 2

/** BroadcastChannel name the worker (or page host) speaks on. */
export const CHANNEL_NAME = 'iyk-cards:session'

/** Types of the messages the worker sends to tabs. */
export const WORKER_MESSAGE = {
  signin: 'signin',
  signout: 'signout',
  session: 'session',
  events: 'events',
  eventsError: 'events-error',
  status: 'status',
  snapshot: 'snapshot',
  report: 'report',
  accountResult: 'account-result',
  handoffResult: 'handoff-result',
} as const

/** Types of the messages a tab sends to the worker. */
export const TAB_MESSAGE = {
  hello: 'hello',
  handoff: 'handoff',
  heartbeat: 'heartbeat',
  refresh: 'refresh',
  tap: 'tap',
  signout: 'signout',
  reportReceived: 'report-received',
  account: 'account',
} as const

/**
 * The message workbox-window's `messageSkipWaiting()` posts to a waiting worker. Workbox fixes its
 * shape (`{type: 'SKIP_WAITING'}`, no version), so it stays outside the versioned unions.
 */
export const SKIP_WAITING = 'SKIP_WAITING'

/** Whether data is workbox-window's skip-waiting message. */
export function isSkipWaitingMessage(data: unknown): boolean {
  return isRecord(data) && data.type === SKIP_WAITING
}

/** Why a session ended: the user asked, or the provider answered with an unrecoverable error type. */
export type SignOutReason = 'user' | UnrecoverableErrorType

/** Where a list of events came from. */
export type EventsSource = 'network' | 'cache'

/**
 * The signed-in state as tabs see it: the holder's public details and the expiry, never a
 * credential (the session token and the JWT stay in the worker, decision 025).
 */
export type AuthView =
  | { signedIn: true; email: string | null; phone: string | null; expiresAt: number }
  | { signedIn: false }

/**
 * Why a hand-off was not taken: the provider did not confirm the session (`refused`: unknown,
 * expired, or an answer the worker could not read), or could not be reached (`unreachable`).
 */
export type HandoffFailure = 'refused' | 'unreachable'

/** What came of a hand-off: the session was confirmed at the provider and kept, or not. */
export type HandoffResult = { ok: true } | { ok: false; failure: HandoffFailure }

/** A list of events with its age and origin. */
export interface EventsView {
  events: PoapEvent[]
  /** Epoch milliseconds of the fetch. */
  fetchedAt: number
  source: EventsSource
}

/** Network state of the engine, and the signed-in holder's taps it has not yet settled. */
export interface StatusView {
  /** The last call reached the services and they answered (false: offline, timed out, 5xx). */
  online: boolean
  refreshing: boolean
  /** Queries of the holder's pending taps, oldest first (absent from older workers: none). */
  pendingTaps: string[]
  /**
   * When the host next needs waking (epoch ms; null: nothing scheduled, or an older worker that
   * does not say): a visible tab wakes it then, so a sleeping worker keeps its schedule.
   */
  wakeAt: number | null
}

/** The status of a host with nothing to say: reachable, idle, no taps, nothing scheduled. */
export const idleStatus = (): StatusView => ({
  online: true,
  refreshing: false,
  pendingTaps: [],
  wakeAt: null,
})

interface Versioned {
  v: typeof PROTOCOL_VERSION
}

/** A user signed in (after a hand-off). */
export interface SigninMessage extends Versioned {
  type: typeof WORKER_MESSAGE.signin
  email: string | null
  /** The holder's phone number (E.164), for a holder who signed in by text message; null otherwise. */
  phone: string | null
  expiresAt: number
}

/** The session ended; every tab clears its state and leaves protected routes. */
export interface SignoutMessage extends Versioned {
  type: typeof WORKER_MESSAGE.signout
  reason: SignOutReason
}

/** A re-authentication succeeded: the session's new expiry (its fresh JWT stays in the worker). */
export interface SessionMessage extends Versioned {
  type: typeof WORKER_MESSAGE.session
  expiresAt: number
}

/** A new event list. */
export interface EventsMessage extends Versioned, EventsView {
  type: typeof WORKER_MESSAGE.events
}

/** Fetching events failed; the list stays as it was. */
export interface EventsErrorMessage extends Versioned {
  type: typeof WORKER_MESSAGE.eventsError
  message: string
}

/** Online state or refreshing state changed. */
export interface StatusMessage extends Versioned, StatusView {
  type: typeof WORKER_MESSAGE.status
}

/** The full current view, the answer to `hello`. */
export interface SnapshotMessage extends Versioned {
  type: typeof WORKER_MESSAGE.snapshot
  auth: AuthView
  events: EventsView | null
  status: StatusView
}

/** What a report says besides the error: operation names and such, never a credential. */
export type ReportContext = Record<string, string | number | boolean>

/**
 * The context without the fields error reports never show as they are (the scrubber's names:
 * `session_token`, `*Jwt`, `uid`, `authorization`, `email`, …): the token stays in the worker.
 * Dropped, not refused: the report still says what went wrong.
 */
export function reportableContext(context: ReportContext): ReportContext {
  return Object.fromEntries(Object.entries(context).filter(([key]) => !isScrubbedKey(key)))
}

/**
 * An error the worker could not report itself (it has no error-reporting SDK): posted to one
 * tab only, which reports it and says so (`report-received`). Never broadcast, so it is
 * reported once; posted again only when the tab it went to closed without a word.
 */
export interface ReportMessage extends Versioned {
  type: typeof WORKER_MESSAGE.report
  /** Names this report in the tab's `report-received`. */
  id: string
  /** The error's name, e.g. `TypeError`. */
  name: string
  message: string
  stack: string | null
  context: ReportContext
}

/** The answer to one tab's `account` request, posted to that tab alone. */
export interface AccountResultMessage extends Versioned {
  type: typeof WORKER_MESSAGE.accountResult
  /** The request's id. */
  id: string
  result: AccountResult
}

/** The answer to one tab's `handoff`, posted to that tab alone (after `signin`, when it was taken). */
export interface HandoffResultMessage extends Versioned {
  type: typeof WORKER_MESSAGE.handoffResult
  /** The hand-off's id. */
  id: string
  result: HandoffResult
}

/** Every message from the worker to tabs. */
export type WorkerMessage =
  | SigninMessage
  | SignoutMessage
  | SessionMessage
  | EventsMessage
  | EventsErrorMessage
  | StatusMessage
  | SnapshotMessage
  | ReportMessage
  | AccountResultMessage
  | HandoffResultMessage

/** A tab opened or reloaded and asks for the current view. */
export interface HelloMessage extends Versioned {
  type: typeof TAB_MESSAGE.hello
}

/**
 * The page signed in and hands the provider's authenticate parts to the worker, once. The worker
 * confirms the session at the provider before it keeps it, and answers with `handoff-result`.
 */
export interface HandoffMessage extends Versioned, AuthenticateData {
  type: typeof TAB_MESSAGE.handoff
  /** Names the hand-off in its answer. */
  id: string
}

/** A visible tab is alive (also sent as a nudge on visibilitychange, focus and online). */
export interface HeartbeatMessage extends Versioned {
  type: typeof TAB_MESSAGE.heartbeat
}

/** The user asked for fresh events. */
export interface RefreshMessage extends Versioned {
  type: typeof TAB_MESSAGE.refresh
}

/** A signed-in holder tapped a card: keep the tap and refresh until a refresh succeeds. */
export interface TapMessage extends Versioned {
  type: typeof TAB_MESSAGE.tap
  /** The tap's query as the card sent it (`?uid=…`); the host checks its format again. */
  query: string
}

/** The user asked to sign out. */
export interface SignoutRequestMessage extends Versioned {
  type: typeof TAB_MESSAGE.signout
}

/** The tab took a report into its reporter (so the worker need not post it elsewhere). */
export interface ReportReceivedMessage extends Versioned {
  type: typeof TAB_MESSAGE.reportReceived
  id: string
}

/**
 * A signed-in tab asks the worker for a provider call on the holder's account (passkeys): the
 * worker makes it with the session token and answers this tab alone with `account-result`.
 */
export interface AccountMessage extends Versioned {
  type: typeof TAB_MESSAGE.account
  /** Names the request in its answer. */
  id: string
  call: AccountCall
}

/** Every message from a tab to the worker. */
export type TabMessage =
  | HelloMessage
  | HandoffMessage
  | HeartbeatMessage
  | RefreshMessage
  | TapMessage
  | SignoutRequestMessage
  | ReportReceivedMessage
  | AccountMessage

const SIGN_OUT_REASONS = ['user'] as const

function parseSignOutReason(value: unknown): SignOutReason {
  return isUnrecoverableErrorType(value) ? value : expectOneOf(value, SIGN_OUT_REASONS, 'reason')
}

/** Longest tap query taken from a message (the longest valid tap is far shorter). */
const MAX_TAP_QUERY_LENGTH = 512

/** A tap query of valid format, or throws. */
function expectTapQuery(value: unknown, path: string): string {
  const query = expectString(value, path)
  if (query.length > MAX_TAP_QUERY_LENGTH || !parseTapParams(query).ok) {
    throw new ValidationError(path, 'a card tap query')
  }
  return query
}

function parseStatus(raw: Record<string, unknown>): StatusView {
  return {
    online: expectBoolean(raw.online, 'online'),
    refreshing: expectBoolean(raw.refreshing, 'refreshing'),
    pendingTaps:
      raw.pendingTaps === undefined
        ? []
        : expectArray(raw.pendingTaps, 'pendingTaps').map((query, index) =>
            expectTapQuery(query, `pendingTaps[${index}]`),
          ),
    wakeAt:
      raw.wakeAt === undefined || raw.wakeAt === null ? null : expectNumber(raw.wakeAt, 'wakeAt'),
  }
}

function parseEventsView(raw: Record<string, unknown>): EventsView {
  return {
    events: parsePoapEventList(raw.events, 'events'),
    fetchedAt: expectNumber(raw.fetchedAt, 'fetchedAt'),
    source: expectOneOf(raw.source, ['network', 'cache'] as const, 'source'),
  }
}

function parseAuthView(value: unknown): AuthView {
  const raw = expectRecord(value, 'auth')
  if (!expectBoolean(raw.signedIn, 'auth.signedIn')) return { signedIn: false }
  return {
    signedIn: true,
    email: expectOptionalString(raw.email, 'auth.email'),
    // Absent from workers built before phone sign-in.
    phone: expectOptionalString(raw.phone, 'auth.phone'),
    expiresAt: expectNumber(raw.expiresAt, 'auth.expiresAt'),
  }
}

function parseReportContext(value: unknown): ReportContext {
  const raw = expectRecord(value, 'context')
  const context: [string, string | number | boolean][] = []
  for (const [key, item] of Object.entries(raw)) {
    if (typeof item === 'number') context.push([key, expectNumber(item, `context.${key}`)])
    else if (typeof item === 'string' || typeof item === 'boolean') context.push([key, item])
    else throw new ValidationError(`context.${key}`, 'a string, number or boolean')
  }
  return reportableContext(Object.fromEntries(context))
}

/** Longest request id taken from a message. */
const MAX_REQUEST_ID_LENGTH = 100

function expectRequestId(value: unknown): string {
  const id = expectString(value, 'id')
  if (id.length > MAX_REQUEST_ID_LENGTH) throw new ValidationError('id', 'a short request id')
  return id
}

function expectRegistrationId(value: unknown, path: string): string {
  const id = expectString(value, path)
  if (!isRegistrationId(id)) throw new ValidationError(path, 'a passkey id')
  return id
}

function parseAccountCall(value: unknown): AccountCall {
  const raw = expectRecord(value, 'call')
  const op = expectOneOf(raw.op, ACCOUNT_OPS, 'call.op')
  switch (op) {
    case 'passkeys':
    case 'passkey-options':
      return { op }
    case 'passkey-register': {
      const credential = expectString(raw.credential, 'call.credential')
      if (credential.length > MAX_CREDENTIAL_LENGTH) {
        throw new ValidationError('call.credential', 'a passkey credential')
      }
      return { op, credential }
    }
    case 'passkey-rename': {
      const name = cleanPasskeyName(expectString(raw.name, 'call.name'))
      if (name === null) throw new ValidationError('call.name', 'a passkey name')
      return { op, id: expectRegistrationId(raw.id, 'call.id'), name }
    }
    case 'passkey-remove':
      return { op, id: expectRegistrationId(raw.id, 'call.id') }
  }
}

function parsePasskey(value: unknown, index: number): Passkey {
  const raw = expectRecord(value, `passkeys[${index}]`)
  return {
    id: expectRegistrationId(raw.id, `passkeys[${index}].id`),
    name: expectString(raw.name, `passkeys[${index}].name`, true),
    domain: expectString(raw.domain, `passkeys[${index}].domain`, true),
  }
}

function parseAccountFailure(value: unknown): AccountFailure {
  const raw = expectRecord(value, 'failure')
  const kind = expectOneOf(
    raw.kind,
    ['signed-out', 'reauth-needed', 'unreachable', 'refused'] as const,
    'kind',
  )
  if (kind !== 'refused') return { kind }
  return { kind, errorType: expectOptionalString(raw.errorType, 'failure.errorType') }
}

function parseAccountResult(value: unknown): AccountResult {
  const raw = expectRecord(value, 'result')
  if (!expectBoolean(raw.ok, 'result.ok')) {
    return { ok: false, failure: parseAccountFailure(raw.failure) }
  }
  if (raw.creationOptions !== undefined) {
    return { ok: true, creationOptions: expectString(raw.creationOptions, 'creationOptions') }
  }
  return { ok: true, passkeys: expectArray(raw.passkeys, 'passkeys').map(parsePasskey) }
}

function parseHandoffResult(value: unknown): HandoffResult {
  const raw = expectRecord(value, 'result')
  if (expectBoolean(raw.ok, 'result.ok')) return { ok: true }
  const failure = expectOneOf(raw.failure, ['refused', 'unreachable'] as const, 'result.failure')
  return { ok: false, failure }
}

const v = PROTOCOL_VERSION

/** Builds a validated worker message from its type and raw fields, or throws. */
function buildWorkerMessage(raw: Record<string, unknown>): WorkerMessage | null {
  switch (raw.type) {
    case WORKER_MESSAGE.signin:
      return {
        v,
        type: WORKER_MESSAGE.signin,
        email: expectOptionalString(raw.email, 'email'),
        phone: expectOptionalString(raw.phone, 'phone'),
        expiresAt: expectNumber(raw.expiresAt, 'expiresAt'),
      }
    case WORKER_MESSAGE.signout:
      return { v, type: WORKER_MESSAGE.signout, reason: parseSignOutReason(raw.reason) }
    case WORKER_MESSAGE.session:
      return {
        v,
        type: WORKER_MESSAGE.session,
        expiresAt: expectNumber(raw.expiresAt, 'expiresAt'),
      }
    case WORKER_MESSAGE.events:
      return { v, type: WORKER_MESSAGE.events, ...parseEventsView(raw) }
    case WORKER_MESSAGE.eventsError:
      return {
        v,
        type: WORKER_MESSAGE.eventsError,
        message: expectString(raw.message, 'message', true),
      }
    case WORKER_MESSAGE.status:
      return { v, type: WORKER_MESSAGE.status, ...parseStatus(raw) }
    case WORKER_MESSAGE.snapshot:
      return {
        v,
        type: WORKER_MESSAGE.snapshot,
        auth: parseAuthView(raw.auth),
        events: raw.events === null ? null : parseEventsView(expectRecord(raw.events, 'events')),
        status: parseStatus(expectRecord(raw.status, 'status')),
      }
    case WORKER_MESSAGE.report:
      return {
        v,
        type: WORKER_MESSAGE.report,
        id: expectString(raw.id, 'id'),
        name: expectString(raw.name, 'name', true),
        message: expectString(raw.message, 'message', true),
        stack: expectOptionalString(raw.stack, 'stack'),
        context: parseReportContext(raw.context),
      }
    case WORKER_MESSAGE.accountResult:
      return {
        v,
        type: WORKER_MESSAGE.accountResult,
        id: expectRequestId(raw.id),
        result: parseAccountResult(raw.result),
      }
    case WORKER_MESSAGE.handoffResult:
      return {
        v,
        type: WORKER_MESSAGE.handoffResult,
        id: expectRequestId(raw.id),
        result: parseHandoffResult(raw.result),
      }
    default:
      return null
  }
}

/** Builds a validated tab message from its type and raw fields, or throws. */
function buildTabMessage(raw: Record<string, unknown>): TabMessage | null {
  switch (raw.type) {
    case TAB_MESSAGE.hello:
      return { v, type: TAB_MESSAGE.hello }
    case TAB_MESSAGE.handoff:
      return {
        v,
        type: TAB_MESSAGE.handoff,
        id: expectRequestId(raw.id),
        ...parseAuthenticateData(raw, 'handoff'),
      }
    case TAB_MESSAGE.heartbeat:
      return { v, type: TAB_MESSAGE.heartbeat }
    case TAB_MESSAGE.refresh:
      return { v, type: TAB_MESSAGE.refresh }
    case TAB_MESSAGE.tap:
      return { v, type: TAB_MESSAGE.tap, query: expectTapQuery(raw.query, 'query') }
    case TAB_MESSAGE.signout:
      return { v, type: TAB_MESSAGE.signout }
    case TAB_MESSAGE.reportReceived:
      return { v, type: TAB_MESSAGE.reportReceived, id: expectString(raw.id, 'id') }
    case TAB_MESSAGE.account:
      return {
        v,
        type: TAB_MESSAGE.account,
        id: expectRequestId(raw.id),
        call: parseAccountCall(raw.call),
      }
    default:
      return null
  }
}

/** Runs a builder over a message of this protocol version; anything malformed or unknown is null. */
function parseWith<T>(data: unknown, build: (raw: Record<string, unknown>) => T | null): T | null {
  if (!isRecord(data) || data.v !== PROTOCOL_VERSION) return null
  try {
    return build(data)
  } catch {
    return null
  }
}

/** Validates a message that arrived from the worker; malformed, unknown or other-version data is null. */
export function parseWorkerMessage(data: unknown): WorkerMessage | null {
  return parseWith(data, buildWorkerMessage)
}

/** Validates a message that arrived from a tab; malformed, unknown or other-version data is null. */
export function parseTabMessage(data: unknown): TabMessage | null {
  return parseWith(data, buildTabMessage)
}
