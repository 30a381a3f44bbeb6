/**
 * What an authenticate call came to, read from the provider's answer: a session, an answer that
 * ends it, or one to retry, described for reports without anything secret.
 */
import { isUnrecoverableErrorType, type UnrecoverableErrorType } from './constants.ts'
import {
  newestFactorAt,
  parseAuthenticateData,
  reportableErrorType,
  toAuthenticatedSession,
  type AuthenticateData,
  type AuthenticatedSession,
} from './provider-session.ts'
import { scrubText } from './scrub.ts'
import { expectRecord, isRecord, ValidationError } from './validation.ts'

/** What one authenticate call came to. */
export type AuthenticateOutcome =
  | { kind: 'success'; session: AuthenticatedSession }
  | { kind: 'unrecoverable'; errorType: UnrecoverableErrorType; status: number }
  | {
      kind: 'recoverable'
      /**
       * Short description for logs and reports (`HTTP 400 invalid_argument (…)`); never carries a
       * credential: only an `error_type` and `error_message` shaped like the provider's enter it.
       */
      reason: string
      status: number | null
      /** Worth an error report (not a plain outage): an answer the engine did not expect. */
      unexpected: boolean
    }

/** Longest `error_message` a report carries: the provider's are one sentence. */
const MAX_ERROR_MESSAGE_LENGTH = 200

/**
 * A run a sentence does not hold: 16 or more base64, base64url or hex characters with both letters
 * and digits (a token, a JWT part, a tap's cmac or uid, an id).
 */
const SECRET_SHAPED_RUN = /[A-Za-z0-9+/=_-]{16,}/g
const hasSecretShapedRun = (text: string) =>
  (text.match(SECRET_SHAPED_RUN) ?? []).some((run) => /[0-9]/.test(run) && /[A-Za-z]/.test(run))

/**
 * An answer's `error_message` as reports may carry it: a sentence of the provider's, with no
 * secret-shaped run, nothing the scrubber would remove, no control characters; else null.
 */
export function reportableErrorMessage(value: unknown): string | null {
  if (typeof value !== 'string' || value === '' || value.length > MAX_ERROR_MESSAGE_LENGTH) {
    return null
  }
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (/[\u0000-\u001f\u007f]/.test(value) || hasSecretShapedRun(value)) return null
  return scrubText(value) === value ? value : null
}

/** Parses JSON, or returns undefined when the text is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/**
 * Classifies an authenticate answer. Only an unrecoverable `error_type` ends the session (as the
 * provider SDK does, whatever the status); everything else is retried with backoff.
 */
export function classifyAuthenticateResponse(
  status: number,
  contentType: string | null,
  text: string,
): AuthenticateOutcome {
  const { outcome, data } = classify(status, contentType, text)
  return data === undefined ? outcome : { kind: 'success', session: toAuthenticatedSession(data) }
}

/** What a step-up's authenticate came to: the holder present or not, or the call's failure. */
export type StepUpOutcome =
  { kind: 'checked'; present: boolean } | Exclude<AuthenticateOutcome, { kind: 'success' }>

/**
 * Classifies the authenticate made for an account change: the provider's answer alone says
 * whether the holder signed in within `freshMs` (`provesPresence`), never a stored record.
 */
export function classifyStepUp(
  status: number,
  contentType: string | null,
  text: string,
  now: number,
  freshMs: number,
): StepUpOutcome {
  const { outcome, data, body } = classify(status, contentType, text)
  return data === undefined
    ? outcome
    : { kind: 'checked', present: provesPresence(data, answeredAt(body), now, freshMs) }
}

/** The answer's `data.session.last_accessed_at` (the provider's clock), or null. */
function answeredAt(body: unknown): number | null {
  const data = isRecord(body) ? body.data : undefined
  const session = isRecord(data) ? data.session : undefined
  const value = isRecord(session) ? session.last_accessed_at : undefined
  const ms = typeof value === 'string' ? Date.parse(value) : NaN
  return Number.isFinite(ms) ? ms : null
}

/**
 * Whether the answer shows the holder present: their newest factor within `freshMs` before the
 * provider answered, by the provider's own clock (the device's may be off by minutes; `now` only
 * stands in when the answer carried no time). A factor after the answer is no proof.
 */
export function provesPresence(
  data: AuthenticateData,
  answered: number | null,
  now: number,
  freshMs: number,
): boolean {
  const factorAt = newestFactorAt(data.session.authentication_factors ?? [])
  if (factorAt === null) return false
  const reference = answered ?? now
  return factorAt <= reference && reference - factorAt <= freshMs
}

/** An answer's outcome when it failed, or its validated parts when it succeeded. */
function classify(
  status: number,
  contentType: string | null,
  text: string,
):
  | { outcome: Exclude<AuthenticateOutcome, { kind: 'success' }>; data?: undefined; body?: unknown }
  | { outcome?: undefined; data: AuthenticateData; body: unknown } {
  const isJson = (contentType ?? '').toLowerCase().includes('application/json')
  const body = isJson ? parseJson(text) : undefined
  if (status >= 200 && status <= 299) {
    if (!isJson) {
      return {
        outcome: { kind: 'recoverable', reason: 'non-JSON response', status, unexpected: true },
      }
    }
    if (body === undefined) {
      return {
        outcome: { kind: 'recoverable', reason: 'invalid JSON response', status, unexpected: true },
      }
    }
    try {
      return { data: parseAuthenticateData(expectRecord(body, 'body').data), body }
    } catch (error) {
      const where = error instanceof ValidationError ? error.message : 'unreadable body'
      return {
        outcome: {
          kind: 'recoverable',
          reason: `invalid response (${where})`,
          status,
          unexpected: true,
        },
      }
    }
  }
  return { outcome: failure(status, body) }
}

/** A failed answer: unrecoverable when its `error_type` ends the session, else to retry. */
function failure(status: number, body: unknown): Exclude<AuthenticateOutcome, { kind: 'success' }> {
  const errorType = isRecord(body) ? body.error_type : undefined
  if (isUnrecoverableErrorType(errorType)) return { kind: 'unrecoverable', errorType, status }
  // The reason is reported: only what looks like the provider's own error enters it.
  const type = reportableErrorType(errorType)
  const message = isRecord(body) ? reportableErrorMessage(body.error_message) : null
  const detail = `${type === null ? '' : ` ${type}`}${message === null ? '' : ` (${message})`}`
  // 5xx and 429 are outages; any other answer is unexpected and reported, but still only retried.
  const outage = status >= 500 || status === 429
  return { kind: 'recoverable', reason: `HTTP ${status}${detail}`, status, unexpected: !outage }
}
