/** When the session is due for re-authentication, and when the next call goes after a success or a failure. */
import {
  BACKOFF_BASE_MS,
  BACKOFF_JITTER_MS,
  BACKOFF_MAX_EXPONENT,
  CADENCE_SLACK_MS,
  REAUTH_IF_REMAINING_BELOW_MS,
  REAUTH_INTERVAL_MS,
  REAUTH_MIN_GAP_MS,
} from './constants.ts'
import type { Random } from './ports.ts'

/**
 * What woke the engine: a tab loading, a visible tab's heartbeat, a nudge, the worker activating,
 * any message, the browser's Background Sync (the network is back) or Periodic Background Sync
 * (the app is closed; the browser lets the worker refresh now and then).
 */
export type WakeReason =
  'load' | 'heartbeat' | 'nudge' | 'activate' | 'message' | 'sync' | 'periodic'

/** Why a call is due now. */
export type DueReason = 'scheduled' | 'expiring' | 'load' | 'clock-moved-back'

/** The schedule fields of a stored session. */
export interface ScheduleFields {
  expiresAt: number
  lastAuthAt: number
  nextDueAt: number
  backoffAttempt: number
}

/**
 * Whether a re-authentication is due at `now`, and why. While backing off only `nextDueAt` counts,
 * so neither page loads nor the under-40-minutes rule can turn an outage into a burst of calls.
 */
export function dueReason(
  schedule: ScheduleFields,
  now: number,
  wake: WakeReason,
): DueReason | null {
  if (now >= schedule.nextDueAt) return 'scheduled'
  // No rule ever schedules further ahead than one interval: the device clock was set back.
  if (schedule.nextDueAt - now > REAUTH_INTERVAL_MS) return 'clock-moved-back'
  if (schedule.backoffAttempt > 0) return null
  if (now - schedule.lastAuthAt < REAUTH_MIN_GAP_MS) return null
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
  return now >= queue.retryAt && schedule.backoffAttempt === 0
}

/**
 * When to call next after a success at `now`. A scheduled call that ran a little late (wakes come
 * only with heartbeats) keeps the cadence of its due time, so a healthy hour has exactly six calls;
 * the under-40-minutes rule can bring it forward, never closer than REAUTH_MIN_GAP_MS.
 */
export function nextDueAfterSuccess(
  now: number,
  expiresAt: number,
  scheduledFor: number | null,
): number {
  const onCadence = scheduledFor !== null && now - scheduledFor <= CADENCE_SLACK_MS
  const byInterval = (onCadence ? scheduledFor : now) + REAUTH_INTERVAL_MS
  const byExpiry = expiresAt - REAUTH_IF_REMAINING_BELOW_MS
  return Math.max(now + REAUTH_MIN_GAP_MS, Math.min(byInterval, byExpiry))
}

/** Delay before retry number `attempt` (0-based): 2000·2^min(attempt, 7) ms, moved by up to ±175 ms. */
export function backoffDelay(attempt: number, random: Random): number {
  const exponent = Math.min(Math.max(attempt, 0), BACKOFF_MAX_EXPONENT)
  const jitter = Math.round((random() * 2 - 1) * BACKOFF_JITTER_MS)
  return BACKOFF_BASE_MS * 2 ** exponent + jitter
}
