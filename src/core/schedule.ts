/** When the session is due for re-authentication, and when the next call goes after a success or a failure. */
import { BACKOFF_MAX_EXPONENT, REAUTH_IF_REMAINING_BELOW_MS } from './constants.ts'
import type { Random } from './ports.ts'
import { phaseOf, type ScheduleFields } from './session-phase.ts'
import type { Timing } from './timing.ts'

/** The intervals the schedule runs by (the build's `Timing`). */
export type ScheduleTiming = Pick<
  Timing,
  'reauthIntervalMs' | 'reauthMinGapMs' | 'cadenceSlackMs' | 'backoffBaseMs' | 'backoffJitterMs'
>

/**
 * What woke the engine: a tab loading, a visible tab's heartbeat, a nudge, the worker activating,
 * any message, the browser's Background Sync (the network is back) or Periodic Background Sync
 * (the app is closed; the browser lets the worker refresh now and then).
 */
export type WakeReason =
  'load' | 'heartbeat' | 'nudge' | 'activate' | 'message' | 'sync' | 'periodic'

/** Why a call is due now. */
export type DueReason = 'scheduled' | 'expiring' | 'load' | 'clock-moved-back'

/**
 * Whether a re-authentication is due at `now`, and why. While backing off only `nextDueAt` counts,
 * so neither page loads nor the under-40-minutes rule can turn an outage into a burst of calls.
 */
export function dueReason(
  schedule: ScheduleFields,
  now: number,
  wake: WakeReason,
  timing: ScheduleTiming,
): DueReason | null {
  if (now >= schedule.nextDueAt) return 'scheduled'
  // No rule ever schedules further ahead than one interval: the device clock was set back.
  if (schedule.nextDueAt - now > timing.reauthIntervalMs) return 'clock-moved-back'
  if (phaseOf(schedule).kind === 'backing-off') return null
  if (now - schedule.lastAuthAt < timing.reauthMinGapMs) return null
  if (schedule.expiresAt - now < REAUTH_IF_REMAINING_BELOW_MS) return 'expiring'
  // A periodic sync is as good a moment as a page load: the holder will open the app to this list.
  if (wake === 'load' || wake === 'periodic') return 'load'
  return null
}

/** The parts of the tap queue the schedule reads. */
export interface TapRetryFields {
  taps: readonly unknown[]
  retryAt: number
}

/**
 * Whether pending taps make a call due now. Background Sync means the browser saw the network
 * come back: try at once. Otherwise wait for the taps' own retry time, and never while the
 * session itself is backing off (its retry will settle the taps when it succeeds).
 */
export function tapsDue(
  queue: TapRetryFields,
  schedule: ScheduleFields,
  now: number,
  wake: WakeReason,
): boolean {
  if (queue.taps.length === 0) return false
  if (wake === 'sync') return true
  return now >= queue.retryAt && phaseOf(schedule).kind === 'signed-in'
}

/**
 * When the engine next needs a wake: the session's next call, or sooner the pending taps' retry
 * (never while the session backs off: its own retry settles them, as `tapsDue` says). Null when
 * no one is signed in: nothing is scheduled.
 */
export function nextWakeAt(schedule: ScheduleFields | null, queue: TapRetryFields): number | null {
  const phase = phaseOf(schedule)
  switch (phase.kind) {
    case 'signed-out':
      return null
    case 'backing-off':
      return phase.retryAt
    case 'signed-in':
      return queue.taps.length === 0
        ? phase.session.nextDueAt
        : Math.min(phase.session.nextDueAt, queue.retryAt)
  }
}

/**
 * When to call next after a success at `now`. A scheduled call that ran a little late (wakes come
 * only with heartbeats) keeps the cadence of its due time, so a healthy hour has exactly six calls;
 * the under-40-minutes rule can bring it forward, never closer than the minimum gap.
 */
export function nextDueAfterSuccess(
  now: number,
  expiresAt: number,
  scheduledFor: number | null,
  timing: ScheduleTiming,
): number {
  const onCadence = scheduledFor !== null && now - scheduledFor <= timing.cadenceSlackMs
  const byInterval = (onCadence ? scheduledFor : now) + timing.reauthIntervalMs
  const byExpiry = expiresAt - REAUTH_IF_REMAINING_BELOW_MS
  return Math.max(now + timing.reauthMinGapMs, Math.min(byInterval, byExpiry))
}

/**
 * Delay before retry number `attempt` (0-based): base·2^min(attempt, 7) ms, moved by up to ±the
 * jitter (in production 2000·2^min(attempt, 7) ms ± 175 ms).
 */
export function backoffDelay(attempt: number, random: Random, timing: ScheduleTiming): number {
  const exponent = Math.min(Math.max(attempt, 0), BACKOFF_MAX_EXPONENT)
  const jitter = Math.round((random() * 2 - 1) * timing.backoffJitterMs)
  return timing.backoffBaseMs * 2 ** exponent + jitter
}
