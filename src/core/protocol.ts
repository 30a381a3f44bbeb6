/**
 * The worker ⇄ tab protocol: channel name, message types, and each message described once, as a
 * schema (src/core/schema.ts) from which both its type and its check come. What the worker sends
 * to tabs is here; what tabs send to the worker, read only by the worker (or the page host), is in
 * tab-messages.ts, so a page's start-up code carries only the reader it uses (decision 035).
 */
import { accountResultSchema } from './account-messages.ts'
import { isUnrecoverableErrorType, type UnrecoverableErrorType } from './constants.ts'
import { parsePoapEventList } from './poap-event.ts'
import {
  anyString,
  array,
  boolean,
  custom,
  finiteNumber,
  nonEmptyString,
  nullable,
  object,
  oneOf,
  optionalString,
  orWhenAbsent,
  refine,
  variant,
  type Infer,
  type Schema,
  type Simplify,
} from './schema.ts'
import { isScrubbedKey } from './secret-names.ts'
import { parseTapParams } from './tap-params.ts'
import { expectNumber, expectOneOf, expectRecord, isRecord, ValidationError } from './validation.ts'

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

/** Longest tap query taken from a message (the longest valid tap is far shorter). */
const MAX_TAP_QUERY_LENGTH = 512

/** A card tap's query, of valid format (the host checks it again). */
export const tapQuery = refine(
  nonEmptyString,
  (query) => query.length <= MAX_TAP_QUERY_LENGTH && parseTapParams(query).ok,
  'a card tap query',
)

/** Longest request id taken from a message. */
const MAX_REQUEST_ID_LENGTH = 100

/** Names a request (`handoff`, `account`) in its answer. */
export const requestId = refine(
  nonEmptyString,
  (id) => id.length <= MAX_REQUEST_ID_LENGTH,
  'a short request id',
)

/** Why a session ended: the user asked, or the provider answered with an unrecoverable error type. */
export type SignOutReason = 'user' | UnrecoverableErrorType

const signOutReason = custom((value, path): SignOutReason =>
  isUnrecoverableErrorType(value) ? value : expectOneOf(value, ['user'] as const, path),
)

/**
 * The signed-in state as tabs see it: the holder's public details and the expiry, never a
 * credential (the session token and the JWT stay in the worker, decision 025).
 */
const authView = variant('signedIn', {
  true: object({
    email: optionalString,
    /** Absent from workers built before phone sign-in. */
    phone: optionalString,
    expiresAt: finiteNumber,
  }),
  false: object({}),
})
export type AuthView = Infer<typeof authView>

/** A list of events with its age and origin. */
const eventsView = object({
  events: custom(parsePoapEventList),
  /** Epoch milliseconds of the fetch. */
  fetchedAt: finiteNumber,
  source: oneOf(['network', 'cache']),
})
export type EventsView = Infer<typeof eventsView>

/** Where a list of events came from. */
export type EventsSource = EventsView['source']

/** Network state of the engine, and the signed-in holder's taps it has not yet settled. */
const statusView = object({
  /** The last call reached the services and they answered (false: offline, timed out, 5xx). */
  online: boolean,
  refreshing: boolean,
  /** Queries of the holder's pending taps, oldest first (absent from older workers: none). */
  pendingTaps: orWhenAbsent(array(tapQuery), () => []),
  /**
   * When the host next needs waking (epoch ms; null: nothing scheduled, or an older worker that
   * does not say): a visible tab wakes it then, so a sleeping worker keeps its schedule.
   */
  wakeAt: orWhenAbsent(nullable(finiteNumber), () => null),
})
export type StatusView = Infer<typeof statusView>

/** The status of a host with nothing to say: reachable, idle, no taps, nothing scheduled. */
export const idleStatus = (): StatusView => ({
  online: true,
  refreshing: false,
  pendingTaps: [],
  wakeAt: null,
})

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

const reportContext = custom((value, path): ReportContext => {
  const raw = expectRecord(value, path)
  const context: [string, string | number | boolean][] = []
  for (const [key, item] of Object.entries(raw)) {
    if (typeof item === 'number') context.push([key, expectNumber(item, `${path}.${key}`)])
    else if (typeof item === 'string' || typeof item === 'boolean') context.push([key, item])
    else throw new ValidationError(`${path}.${key}`, 'a string, number or boolean')
  }
  return reportableContext(Object.fromEntries(context))
})

/**
 * Why a hand-off was not taken: the provider did not confirm the session (`refused`: unknown,
 * expired, or an answer the worker could not read), or could not be reached (`unreachable`).
 */
const handoffResult = variant('ok', {
  true: object({}),
  false: object({ failure: oneOf(['refused', 'unreachable']) }),
})
/** What came of a hand-off: the session was confirmed at the provider and kept, or not. */
export type HandoffResult = Infer<typeof handoffResult>
export type HandoffFailure = Extract<HandoffResult, { ok: false }>['failure']

/** The fields of each message the worker sends to tabs, by type. */
const workerMessages = {
  /** A user signed in (after a hand-off). */
  [WORKER_MESSAGE.signin]: object({
    email: optionalString,
    /** The holder's phone number (E.164) if they signed in by text message, else null. */
    phone: optionalString,
    expiresAt: finiteNumber,
  }),
  /** The session ended; every tab clears its state and leaves protected routes. */
  [WORKER_MESSAGE.signout]: object({ reason: signOutReason }),
  /** A re-authentication succeeded: the session's new expiry (its JWT stays in the worker). */
  [WORKER_MESSAGE.session]: object({ expiresAt: finiteNumber }),
  /** A new event list. */
  [WORKER_MESSAGE.events]: eventsView,
  /** Fetching events failed; the list stays as it was. */
  [WORKER_MESSAGE.eventsError]: object({ message: anyString }),
  /** Online state or refreshing state changed. */
  [WORKER_MESSAGE.status]: statusView,
  /** The full current view, the answer to `hello`. */
  [WORKER_MESSAGE.snapshot]: object({
    auth: authView,
    events: nullable(eventsView),
    status: statusView,
  }),
  /**
   * An error the worker could not report itself (it has no error-reporting SDK): posted to one
   * tab only, which reports it and says so (`report-received`). Never broadcast, so it is
   * reported once; posted again only when the tab it went to closed without a word.
   */
  [WORKER_MESSAGE.report]: object({
    /** Names this report in the tab's `report-received`. */
    id: nonEmptyString,
    /** The error's name, e.g. `TypeError`. */
    name: anyString,
    message: anyString,
    stack: optionalString,
    context: reportContext,
  }),
  /** The answer to one tab's `account` request, posted to that tab alone. */
  [WORKER_MESSAGE.accountResult]: object({ id: requestId, result: accountResultSchema }),
  /** The answer to one tab's `handoff`, to that tab alone (after `signin`, when it was taken). */
  [WORKER_MESSAGE.handoffResult]: object({ id: requestId, result: handoffResult }),
}

/** A message of this protocol version: its type, and the fields its schema reads. */
export type MessagesOf<Table extends Record<string, Schema<object>>> = {
  [T in keyof Table & string]: Simplify<{ v: typeof PROTOCOL_VERSION; type: T } & Infer<Table[T]>>
}

type WorkerMessages = MessagesOf<typeof workerMessages>

export type StatusMessage = WorkerMessages['status']
export type SnapshotMessage = WorkerMessages['snapshot']
export type ReportMessage = WorkerMessages['report']
/** Every message from the worker to tabs. */
export type WorkerMessage = WorkerMessages[keyof WorkerMessages]

/** Told why a message was dropped: a reason that names no value of the message. */
export type OnDropped = (reason: string) => void

/** A message type worth naming in a reason: short, lower-case words (else it is not named). */
const nameable = (type: string) => (/^[a-z][a-z-]{0,39}$/.test(type) ? `"${type}"` : 'unnamed')

/**
 * Reads a message of this protocol version by its table: its type names its schema. Anything
 * malformed, of an unknown type or of another version is null, and `onDropped` hears why. A
 * failure that is not the message's (a bug in a reader) is thrown, for the error reporting.
 */
export function readMessage<Table extends Record<string, Schema<object>>>(
  table: Table,
  data: unknown,
  onDropped?: OnDropped,
): MessagesOf<Table>[keyof Table & string] | null {
  const drop = (reason: string) => {
    onDropped?.(reason)
    return null
  }
  if (!isRecord(data) || typeof data.type !== 'string') return drop('not a protocol message')
  if (data.v !== PROTOCOL_VERSION) {
    const version = Number.isSafeInteger(data.v) ? `version ${String(data.v)}` : 'no version'
    return drop(`another protocol version: ${version}, not ${PROTOCOL_VERSION}`)
  }
  const schema = Object.hasOwn(table, data.type) ? table[data.type] : undefined
  if (schema === undefined) return drop(`unknown message type ${nameable(data.type)}`)
  try {
    return {
      v: PROTOCOL_VERSION,
      type: data.type,
      ...schema.read(data, ''),
    } as MessagesOf<Table>[keyof Table & string]
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error
    return drop(`malformed ${nameable(data.type)} message: ${error.message}`)
  }
}

/**
 * Says each reason a message was dropped once, through `warn`: a tab of another release speaks
 * every few seconds, and one line says as much as a hundred. At most `limit` reasons are kept.
 */
export function dropReporter(warn: (text: string) => void, limit = 20): OnDropped {
  const said = new Set<string>()
  return (reason) => {
    if (said.has(reason) || said.size >= limit) return
    said.add(reason)
    warn(`Dropped a message: ${reason}`)
  }
}

/**
 * Validates a message that arrived from the worker; malformed, unknown or other-version data is
 * null, and `onDropped` hears why.
 */
export function parseWorkerMessage(data: unknown, onDropped?: OnDropped): WorkerMessage | null {
  return readMessage(workerMessages, data, onDropped)
}
