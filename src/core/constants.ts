/** Business constants of the session engine and the cross-tab protocol (spec §4, §9; DESIGN.md). */

/** Minutes of session life asked for on every authenticate call. */
export const SESSION_DURATION_MINUTES = 60

/** Re-authenticate at once when the session has less than this left (40 minutes). */
export const REAUTH_IF_REMAINING_BELOW_MS = 2_400_000

/** The backoff exponent stops growing here: in production 2000·2^7 = 256000 ms (`src/core/timing.ts`). */
export const BACKOFF_MAX_EXPONENT = 7

/** Cached events are served for at most one day. */
export const EVENTS_CACHE_TTL_MS = 86_400_000

/** Provider `error_type` values after which the session is gone for good. */
export const UNRECOVERABLE_ERROR_TYPES = [
  'unauthorized_credentials',
  'user_unauthenticated',
  'invalid_secret_authentication',
  'session_not_found',
] as const

/** One of the provider's unrecoverable error types. */
export type UnrecoverableErrorType = (typeof UNRECOVERABLE_ERROR_TYPES)[number]

/** Whether an `error_type` means the session is gone for good. */
export function isUnrecoverableErrorType(value: unknown): value is UnrecoverableErrorType {
  return (UNRECOVERABLE_ERROR_TYPES as readonly unknown[]).includes(value)
}

/** localStorage key a tab writes after sign-in (spec §4). */
export const SIGNIN_EVENT_KEY = 'signin-event'

/** localStorage key a tab writes after sign-out (spec §4). */
export const SIGNOUT_EVENT_KEY = 'signout-event'

/** How long after a re-authentication its JWT is still used for a call (the JWT lives 5 minutes). */
export const JWT_FRESH_MS = 240_000

/** Web Lock name that makes re-authentication single flight across the worker and every tab. */
export const REAUTH_LOCK_NAME = 'iyk-cards:reauth'

/** Abort key of every request tied to the current session (re-authentication, events). */
export const SESSION_ABORT_KEY = 'iyk-cards:session'

/** Key-value store key of the engine's persisted state. */
export const ENGINE_STATE_KEY = 'session-engine'

/** Path prefix of the provider's SDK API. */
export const PROVIDER_API_PREFIX = '/sdk/v1'

/** Path and query of the one product call. */
export const POAP_EVENTS_PATH = '/api/poap-events?isActive=false'

/**
 * Largest events body the worker reads (2 MB, about 4,000 full entries): a longer one is refused
 * like a malformed answer, so a runaway backend cannot fill memory and IndexedDB (decision 024).
 */
export const MAX_EVENTS_BODY_BYTES = 2_000_000

/** Most events kept from one answer: the newest by start date (decision 024). */
export const MAX_EVENTS = 1_000

/** Most taps kept for one holder while they cannot be settled; the oldest go first. */
export const MAX_PENDING_TAPS = 20

/** Background Sync tag: the worker settles pending taps when the browser sees a network again. */
export const TAP_SYNC_TAG = 'iyk-cards:settle-taps'

/** Periodic Background Sync tag: the worker refreshes the session and list while the app is closed. */
export const PERIODIC_SYNC_TAG = 'iyk-cards:refresh'

/** Shortest interval asked for periodic refreshes (the browser decides, usually far longer). */
export const PERIODIC_REFRESH_MIN_INTERVAL_MS = 12 * 60 * 60_000

/** Cache Storage name of the holder's event images, kept for offline use by the worker. */
export const IMAGE_CACHE_NAME = 'iyk-cards-images'

/** Most event images kept offline (the first of the list). */
export const MAX_CACHED_IMAGES = 60

/** Largest single event image kept offline. */
export const MAX_CACHED_IMAGE_BYTES = 1_000_000

/** Most bytes of event images kept offline in all. */
export const MAX_CACHED_IMAGES_BYTES = 20_000_000

/**
 * How recent a sign-in (the provider's newest factor: a code, a link, a passkey) must be for the
 * worker to add, rename or remove a passkey. A re-authentication proves nothing of the holder.
 */
export const FRESH_FACTOR_MS = 5 * 60_000
