/** The provider's authenticate response: the parts the app keeps, validated, and its error types as reports carry them. */
import {
  expectArray,
  expectDateString,
  expectRecord,
  expectString,
  isRecord,
  itemsOf,
} from './validation.ts'

/** The parts of a provider authenticate response the page hands to the worker (extra fields are allowed). */
export interface AuthenticateData {
  session_token: string
  session_jwt: string
  /** `session_id` is optional so a hand-off from a page built before it was kept still parses. */
  session: {
    expires_at: string
    session_id?: string
    /** The provider's factors, each with its `last_authenticated_at` (only those that parse). */
    authentication_factors?: { last_authenticated_at: string }[]
  }
  user: {
    user_id: string
    emails: { email: string }[]
    /** Absent from users without a phone number (and from older pages' hand-offs). */
    phone_numbers?: { phone_number: string }[]
  }
}

/** A validated session, as the engine keeps it. */
export interface AuthenticatedSession {
  sessionToken: string
  jwt: string
  /** Epoch milliseconds. */
  expiresAt: number
  userId: string
  /** The provider's session id (sent in the SDK telemetry), or null if the hand-off lacked it. */
  sessionId: string | null
  /** The first email of the user, or null (a wallet-only user has none). */
  email: string | null
  /** The first phone number of the user (E.164), or null. */
  phone: string | null
  /**
   * Epoch ms of the newest `last_authenticated_at` among the session's factors (a code, a link, a
   * passkey), or null when the answer named none: when the holder last proved they are present.
   */
  factorAt: number | null
}

/** Validates the authenticate parts and keeps only what the app needs (never the rest of the user). */
export function parseAuthenticateData(value: unknown, path = 'data'): AuthenticateData {
  const raw = expectRecord(value, path)
  const session = expectRecord(raw.session, `${path}.session`)
  const user = expectRecord(raw.user, `${path}.user`)
  const emails = expectArray(user.emails, `${path}.user.emails`).map((entry, index) => ({
    email: expectString(
      expectRecord(entry, `${path}.user.emails[${index}]`).email,
      `${path}.user.emails[${index}].email`,
    ),
  }))
  // Read per entry: a number the app cannot use is left out, never the whole sign-in.
  const phones = itemsOf(user.phone_numbers).flatMap((entry) =>
    isRecord(entry) && typeof entry.phone_number === 'string' && entry.phone_number !== ''
      ? [{ phone_number: entry.phone_number }]
      : [],
  )
  // Read per factor, tolerantly: a factor without a readable time is no proof of presence.
  const factors = itemsOf(session.authentication_factors).flatMap((entry) =>
    isRecord(entry) &&
    typeof entry.last_authenticated_at === 'string' &&
    Number.isFinite(Date.parse(entry.last_authenticated_at))
      ? [{ last_authenticated_at: entry.last_authenticated_at }]
      : [],
  )
  const sessionId =
    session.session_id === undefined
      ? undefined
      : expectString(session.session_id, `${path}.session.session_id`)
  return {
    session_token: expectString(raw.session_token, `${path}.session_token`),
    session_jwt: expectString(raw.session_jwt, `${path}.session_jwt`),
    session: {
      expires_at: expectDateString(session.expires_at, `${path}.session.expires_at`),
      ...(sessionId === undefined ? {} : { session_id: sessionId }),
      ...(factors.length > 0 ? { authentication_factors: factors } : {}),
    },
    user: {
      user_id: expectString(user.user_id, `${path}.user.user_id`),
      emails,
      ...(phones.length > 0 ? { phone_numbers: phones } : {}),
    },
  }
}

/** The engine's view of validated authenticate parts. */
export function toAuthenticatedSession(data: AuthenticateData): AuthenticatedSession {
  return {
    sessionToken: data.session_token,
    jwt: data.session_jwt,
    expiresAt: Date.parse(data.session.expires_at),
    userId: data.user.user_id,
    sessionId: data.session.session_id ?? null,
    email: data.user.emails[0]?.email ?? null,
    phone: data.user.phone_numbers?.[0]?.phone_number ?? null,
    factorAt: newestFactorAt(data.session.authentication_factors ?? []),
  }
}

/** The newest factor time, in epoch ms, or null when there is none. */
export function newestFactorAt(
  factors: readonly { last_authenticated_at: string }[],
): number | null {
  const times = factors.map((factor) => Date.parse(factor.last_authenticated_at))
  return times.length === 0 ? null : Math.max(...times)
}

/** What an `error_type` that does not look like the provider's becomes in reports. */
export const UNRECOGNISED_ERROR_TYPE = 'unrecognised_error_type'

/** The provider's `error_type`s are snake_case words (`session_not_found`, `invalid_argument`). */
const PROVIDER_ERROR_TYPE = /^[a-z_]{1,64}$/

/**
 * An answer's `error_type` as reports may carry it: the provider's own (`[a-z_]{1,64}`), else
 * `unrecognised_error_type` (anything else could carry a token: `bad_<token>`); null when absent.
 */
export function reportableErrorType(value: unknown): string | null {
  if (typeof value !== 'string') return null
  return PROVIDER_ERROR_TYPE.test(value) ? value : UNRECOGNISED_ERROR_TYPE
}
