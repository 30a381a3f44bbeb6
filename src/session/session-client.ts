/**
 * The page's side of the session: talks to the session host (the service worker, or the same
 * engine run in the page where no worker can run), wakes it when it asks, and relays its messages.
 */
import type { AccountCall, AccountResult } from '../core/account-messages.ts'
import { AppError, SessionTimeoutError } from '../core/error-text.ts'
import type { AuthenticateData } from '../core/provider-session.ts'
import {
  dropReporter,
  parseWorkerMessage,
  PROTOCOL_VERSION as v,
  TAB_MESSAGE,
  WORKER_MESSAGE,
  type HandoffFailure,
  type HandoffResult,
  type WorkerMessage,
} from '../core/protocol.ts'
import { type TabMessage } from '../core/tab-messages.ts'
import { subscribeWorkerMessages } from '../platform/broadcast.ts'
import { timing } from '../config/timing.ts'
import { markSignedOut } from './markers.ts'
import { createWakeTimer } from './wake-timer.ts'

/** Where the session engine runs for this tab. */
export type SessionMode = 'worker' | 'page'

/** What components and the app wiring use; they never talk to the worker or provider directly. */
export interface SessionClient {
  readonly mode: SessionMode
  /** Receives every validated message from the session host; returns the unsubscribe function. */
  subscribe(listener: (message: WorkerMessage) => void): () => void
  /**
   * Hands a new session to the host; resolves once the host has confirmed it at the provider and
   * announced the sign-in, rejects with a HandoffError when it did not take it.
   */
  handoff(data: AuthenticateData): Promise<void>
  /** Asks for a re-authentication and a fresh event list. */
  refresh(): void
  /** Hands a card tap (its checked query) to the host, which keeps it until a refresh succeeds. */
  tap(query: string): void
  /** Signs out everywhere; resolves once the host has announced it (or after a short wait). */
  signOut(): Promise<void>
  /**
   * Asks the host for a provider call on the holder's account (passkeys); the host makes it with
   * the session token, which never reaches the page. Never rejects: no answer reads as unreachable.
   */
  account(call: AccountCall): Promise<AccountResult>
  /** Asks the host for its current view (answered with a snapshot). */
  hello(): void
  /** Tells the worker this tab took its report `id`, so it is not posted to another tab. */
  reportReceived(id: string): void
  /** Stops timers and listeners (tests, page unload). */
  close(): void
}

/** The part of the client that screens use. */
export type SessionActions = Pick<
  SessionClient,
  'handoff' | 'refresh' | 'tap' | 'signOut' | 'account'
>

/** Hands a message from the host to this tab's listeners (validated first). */
export type Deliver = (data: unknown) => void

/**
 * Connects to a session host: given how to deliver messages meant for this tab only (such as the
 * `hello` snapshot, or an in-page engine's own broadcasts), returns how to send to the host.
 */
export type ConnectHost = (deliver: Deliver) => (message: TabMessage) => void

/** A request id no other tab's request shares. */
function newRequestId(kind: 'account' | 'handoff'): string {
  return `${kind}-${crypto.randomUUID()}`
}

/**
 * The host did not take a hand-off: the provider refused the session, or was not reached. Its
 * message is English, for reports; screens word it by its `failure`.
 */
export class HandoffError extends AppError {
  override name = 'HandoffError'
  constructor(readonly failure: HandoffFailure) {
    super(
      failure === 'refused'
        ? 'The session host could not confirm the sign-in at the provider'
        : 'The session host could not reach the provider to confirm the sign-in',
      failure === 'refused' ? 401 : 503,
    )
  }
}

/**
 * Builds a client over a host connection. Messages arrive over the BroadcastChannel (what the
 * host tells every tab) and through `deliver` (what is meant for this tab only).
 */
export function createSessionClient(mode: SessionMode, connect: ConnectHost): SessionClient {
  // A worker the browser stopped mid-call never says the call ended, so `refreshing` would stay
  // on for good. Shown longer than any refresh can take, the tab asks again (and again, while it
  // lasts): the snapshot carries the host's real status, which reaches the store like any message.
  let recheck: ReturnType<typeof setTimeout> | undefined
  const askAgain = () => {
    recheck = setTimeout(askAgain, timing.refreshingRecheckMs)
    askHost()
  }

  // A sign-in or sign-out announced after the last hello was sent may overtake its answer: the
  // host read its state before the change and answers after announcing it. Shown, that answer
  // would undo the change in this tab for good, so the tab asks again instead.
  let sessionChanges = 0
  let askedAt: number | null = null
  const askHost = () => {
    askedAt = sessionChanges
    post({ v, type: TAB_MESSAGE.hello })
  }
  /** False for a snapshot that a sign-in or sign-out may have overtaken (then asks again). */
  function current(message: WorkerMessage): boolean {
    if (message.type === WORKER_MESSAGE.signin || message.type === WORKER_MESSAGE.signout) {
      sessionChanges += 1
    }
    if (message.type !== WORKER_MESSAGE.snapshot || askedAt === null) return true
    if (askedAt !== sessionChanges) {
      askHost()
      return false
    }
    askedAt = null
    return true
  }
  /** Follows the host's status: its `refreshing` (see askAgain) and when it wants waking. */
  function watchStatus(message: WorkerMessage): void {
    const status =
      message.type === WORKER_MESSAGE.status
        ? message
        : message.type === WORKER_MESSAGE.snapshot
          ? message.status
          : null
    if (status === null) return
    wakeTimer.schedule(status.wakeAt)
    if (!status.refreshing) {
      clearTimeout(recheck)
      recheck = undefined
    } else if (recheck === undefined) {
      recheck = setTimeout(askAgain, timing.refreshingRecheckMs)
    }
  }

  // Wakes the host at the time it names (see wake-timer.ts).
  const wakeTimer = createWakeTimer({
    wake: () => post({ v, type: TAB_MESSAGE.heartbeat }),
    isVisible: () => document.visibilityState === 'visible',
    now: () => Date.now(),
    locks: globalThis.navigator?.locks,
    timing: {
      slackMs: timing.wakeSlackMs,
      retryMs: timing.wakeRetryMs,
      // Past the furthest time a host names (one interval), so a timer never fires just before it.
      longestMs: timing.reauthIntervalMs + timing.wakeSlackMs + timing.wakeRetryMs,
    },
  })

  const listeners = new Set<(message: WorkerMessage) => void>()
  const emit = (message: WorkerMessage) => {
    if (!current(message)) return
    watchStatus(message)
    for (const listener of listeners) listener(message)
  }
  // A message this page cannot read (a bug, or a host of another release) is said once per reason.
  const onDropped = dropReporter((text) => console.warn('[session]', text))
  const deliver: Deliver = (data) => {
    const message = parseWorkerMessage(data, onDropped)
    if (message) emit(message)
  }
  const post = connect(deliver)
  const unsubscribeChannel = subscribeWorkerMessages(emit, { onDropped })

  // The host sleeps between the times it names; a tab shown again or focused wakes it at once
  // (it may be due, or have been stopped since), as the wake timer does at the named time.
  const heartbeat = () => {
    if (document.visibilityState === 'visible') post({ v, type: TAB_MESSAGE.heartbeat })
  }
  // Back online: re-authenticate and refresh now. Tabs asking at once make one call (the
  // engine skips a request older than the last success).
  const backOnline = () => post({ v, type: TAB_MESSAGE.refresh })
  document.addEventListener('visibilitychange', heartbeat)
  window.addEventListener('focus', heartbeat)
  window.addEventListener('online', backOnline)

  /** Resolves on the first message of `type`, rejects after the timeout. */
  function nextMessage(type: WorkerMessage['type'], failure: SessionTimeoutError): Promise<void> {
    return new Promise((resolve, reject) => {
      const stop = client.subscribe((message) => {
        if (message.type !== type) return
        clearTimeout(timeout)
        stop()
        resolve()
      })
      const timeout = setTimeout(() => {
        stop()
        reject(failure)
      }, timing.answerTimeoutMs)
    })
  }

  const client: SessionClient = {
    mode,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async handoff(data) {
      const id = newRequestId('handoff')
      // Taken: the host's answer and its `signin` broadcast, which may come in either order.
      const taken = new Promise<void>((resolve, reject) => {
        let result: HandoffResult | null = null
        let signedIn = false
        const end = (error?: Error) => {
          clearTimeout(timeout)
          stop()
          if (error) reject(error)
          else resolve()
        }
        const stop = client.subscribe((message) => {
          if (message.type === WORKER_MESSAGE.signin) signedIn = true
          else if (message.type === WORKER_MESSAGE.handoffResult && message.id === id) {
            result = message.result
          } else return
          if (result?.ok === false) end(new HandoffError(result.failure))
          else if (result?.ok && signedIn) end()
        })
        const timeout = setTimeout(
          () => end(new SessionTimeoutError('handoff')),
          timing.answerTimeoutMs,
        )
      })
      post({ v, type: TAB_MESSAGE.handoff, id, ...data })
      await taken
    },
    refresh() {
      post({ v, type: TAB_MESSAGE.refresh })
    },
    tap(query) {
      post({ v, type: TAB_MESSAGE.tap, query })
    },
    async signOut() {
      const signedOut = nextMessage(WORKER_MESSAGE.signout, new SessionTimeoutError('sign-out'))
      post({ v, type: TAB_MESSAGE.signout })
      markSignedOut()
      // The host clears everything locally even when the network is down, so this is quick.
      await signedOut.catch(() => {})
    },
    account(call) {
      const id = newRequestId('account')
      return new Promise<AccountResult>((resolve) => {
        const stop = client.subscribe((message) => {
          if (message.type !== WORKER_MESSAGE.accountResult || message.id !== id) return
          clearTimeout(timeout)
          stop()
          resolve(message.result)
        })
        const timeout = setTimeout(() => {
          stop()
          resolve({ ok: false, failure: { kind: 'unreachable' } })
        }, timing.accountTimeoutMs)
        post({ v, type: TAB_MESSAGE.account, id, call })
      })
    },
    hello: askHost,
    reportReceived(id) {
      post({ v, type: TAB_MESSAGE.reportReceived, id })
    },
    close() {
      wakeTimer.close()
      clearTimeout(recheck)
      document.removeEventListener('visibilitychange', heartbeat)
      window.removeEventListener('focus', heartbeat)
      window.removeEventListener('online', backOnline)
      unsubscribeChannel()
      listeners.clear()
    },
  }
  return client
}
