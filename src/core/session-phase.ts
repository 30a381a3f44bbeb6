/**
 * The session's states as a union the compiler checks: signed out, signed in (the next call on
 * the cadence), or backing off (failures in a row, the next try after the backoff). The stored
 * record keeps the fields (`backoffAttempt`, `nextDueAt`); this is the one place that reads the
 * state they make.
 */

/** The schedule fields of a stored session. */
export interface ScheduleFields {
  expiresAt: number
  lastAuthAt: number
  nextDueAt: number
  backoffAttempt: number
}

export type SessionPhase<S extends ScheduleFields = ScheduleFields> =
  | { kind: 'signed-out' }
  /** The next call is the cadence's (or the expiry's), at `nextDueAt`. */
  | { kind: 'signed-in'; session: S }
  /** `attempt` calls failed in a row; the next try is at `retryAt`. */
  | { kind: 'backing-off'; session: S; attempt: number; retryAt: number }

/** The phase a stored session is in. */
export function phaseOf<S extends ScheduleFields>(session: S | null): SessionPhase<S> {
  if (session === null) return { kind: 'signed-out' }
  if (session.backoffAttempt > 0) {
    return {
      kind: 'backing-off',
      session,
      attempt: session.backoffAttempt,
      retryAt: session.nextDueAt,
    }
  }
  return { kind: 'signed-in', session }
}
