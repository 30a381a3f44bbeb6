/**
 * What the session engine meets (events) and what it does (effects), as data: `decide`
 * (src/core/session-decide.ts) maps one to the other, the runner (src/core/session-engine.ts)
 * performs the effects and feeds their results back as events. Nothing here is a function, so
 * every decision can be logged and compared with `toEqual`.
 */
import type { AuthenticateOutcome } from './authenticate-response.ts'
import type { EngineState, StoredSession } from './engine-state.ts'
import type { HandoffResult, ReportContext, SignOutReason, WorkerMessage } from './protocol.ts'
import type { AuthenticatedSession } from './provider-session.ts'
import type { DueReason, ScheduleTiming, WakeReason } from './schedule.ts'

/** Why the re-authentication lock was taken: what to check, now that no other call runs. */
export type LockedCheck =
  /** A wake found a call due: is it still (a call that ran meanwhile may have done it)? */
  | { kind: 'wake'; reason: WakeReason }
  /** The holder asked for fresh data at `requestedAt`: unless a call succeeded since. */
  | { kind: 'refresh'; requestedAt: number }
  /** A tap was kept: unless a list settled it meanwhile. */
  | { kind: 'tap'; query: string }
  /** A tab has no usable list: fetch one, with the JWT while it is fresh, else after a call. */
  | { kind: 'list' }

/** Why a re-authentication is made. */
export type CallReason = DueReason | 'requested'

/**
 * Everything the engine meets: a tab's request, a timer's wake, and each outcome of a call it
 * made, carrying the epoch the call began in.
 */
export type EngineEvent =
  /** A wake (a tab, a timer, a sync): a call may be due by the schedule or the pending taps. */
  | { type: 'wake'; reason: WakeReason }
  /** The holder asked for fresh data. */
  | { type: 'refresh' }
  /** A signed-in holder tapped a card (`query` checked for format). */
  | { type: 'tap'; query: string }
  /** A tab said hello: it needs a list if there is none it can use. */
  | { type: 'list-wanted' }
  /** The holder signed out. */
  | { type: 'sign-out'; reason: SignOutReason }
  /** A page handed over a session it signed in to: a claim until the provider confirms it. */
  | { type: 'handoff'; session: AuthenticatedSession }
  /** A look at the state (a tab's snapshot, the next wake): a list too old to show is dropped. */
  | { type: 'look' }
  /** The re-authentication lock is held: is the call still due? */
  | { type: 'locked'; check: LockedCheck }
  /** A re-authentication of `session`, begun in `epoch` for `due`, came to `outcome`. */
  | {
      type: 'reauth-answered'
      epoch: number
      session: StoredSession
      due: CallReason
      outcome: AuthenticateOutcome
    }
  /** A hand-off's check, begun in `epoch`, came to `outcome`. */
  | { type: 'handoff-answered'; epoch: number; outcome: AuthenticateOutcome }
  /** The cards service answered the list's call for `userId`, asked for at `startedAt`. */
  | {
      type: 'events-answered'
      epoch: number
      userId: string
      startedAt: number
      status: number
      contentType: string | null
      body: string
    }
  /** The list's call got no answer it could read (offline, timed out, too long, aborted). */
  | { type: 'events-failed'; epoch: number; error: unknown }
  /** A passkey registration's answer carries the session with its new factor. */
  | { type: 'passkey-registered'; epoch: number; session: AuthenticatedSession }
  /** An account call's answer ended the session of `epoch`. */
  | { type: 'session-ended'; epoch: number; reason: SignOutReason }

/** Something the engine does through its ports: leaf I/O, whose results come back as events. */
export type Effect =
  /** The services answered (true) or could not be used (false): the status tabs see. */
  | { kind: 'online'; online: boolean }
  | { kind: 'broadcast'; message: WorkerMessage }
  /** Takes the re-authentication lock (one call at a time over tabs and wakes) for `event`. */
  | { kind: 'lock'; event: EngineEvent }
  /** Re-authenticates `session` (→ `reauth-answered`). */
  | { kind: 'authenticate'; session: StoredSession; epoch: number; due: CallReason }
  /** Asks the provider about a handed session (→ `handoff-answered`). */
  | { kind: 'confirm-handoff'; session: AuthenticatedSession; epoch: number }
  /** Keeps a JWT the provider just minted for the session of `epoch`, in memory only. */
  | { kind: 'remember-jwt'; jwt: string; epoch: number }
  /** Fetches the holder's list with a fresh JWT (→ `events-answered` or `events-failed`). */
  | { kind: 'fetch-events'; jwt: string; userId: string; epoch: number }
  | {
      kind: 'log'
      level: 'info' | 'warn' | 'error'
      message: string
      details?: Record<string, unknown>
    }
  /** Reports an error (without the engine's secrets, which the reporter scrubs). */
  | { kind: 'report'; error: unknown; context: ReportContext }
  /** Aborts the calls of the session that was (a new one takes its place, or none). */
  | { kind: 'abort-calls' }
  /** Answers the page that asked (a hand-off's result). */
  | { kind: 'answer'; result: HandoffResult }
  /** Revokes the session that ended, best effort. */
  | { kind: 'revoke'; session: StoredSession }

/** What an event leads to: the state to write (null: nothing written), then the effects, in order. */
export interface Decision {
  next: EngineState | null
  effects: Effect[]
}

/** A JWT the instance holds in memory: for the session of `epoch`, minted at `at`. */
export interface HeldJwt {
  jwt: string
  epoch: number
  at: number
}

/**
 * What `decide` is given beside the state and the event: the time, the build's timing, a draw for
 * the backoff's jitter, the origins a list's images may come from, and the JWT this instance
 * holds (none after a restart).
 */
export interface DecideEnv {
  now: number
  timing: ScheduleTiming
  /** A draw in [0, 1). */
  random: number
  imageOrigins: readonly string[]
  jwt: HeldJwt | null
}
