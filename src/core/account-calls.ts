/**
 * The provider calls a signed-in holder's account needs after the hand-off (passkeys: list, the
 * creation options, register, rename, remove). The worker makes them with the session token it
 * alone holds; the page sends only what the holder chose and does the browser ceremony. This
 * module says what each call sends and reads what comes back, per item and tolerantly; the calls
 * and results tabs exchange with the worker are account-messages.ts.
 */
import {
  isRegistrationId,
  type AccountCall,
  type AccountFailure,
  type Passkey,
} from './account-messages.ts'
import {
  isUnrecoverableErrorType,
  SESSION_DURATION_MINUTES,
  type UnrecoverableErrorType,
} from './constants.ts'
import {
  parseAuthenticateData,
  reportableErrorType,
  type AuthenticateData,
} from './provider-session.ts'
import { expectRecord, expectString, isRecord, itemsOf } from './validation.ts'

/** One provider call: method, path under the SDK prefix, and JSON body. */
export interface AccountRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
  body?: Record<string, unknown>
}

/** What the host knows of itself that the calls send (never taken from a message). */
export interface AccountCaller {
  /** The app's host name: the relying party the passkey is for. */
  domain: string
  /** The host's `navigator.userAgent`, which the provider keeps with each registration. */
  userAgent: string
}

/** The provider request for a call (the SDK's own paths and fields). */
export function accountRequest(call: AccountCall, caller: AccountCaller): AccountRequest {
  switch (call.op) {
    case 'passkeys':
      return { method: 'GET', path: '/users/me' }
    case 'passkey-options':
      return {
        method: 'POST',
        path: '/webauthn/register/start',
        body: {
          domain: caller.domain,
          return_passkey_credential_options: true,
          user_agent: caller.userAgent,
        },
      }
    case 'passkey-register':
      return {
        method: 'POST',
        path: '/webauthn/register',
        body: {
          public_key_credential: call.credential,
          session_duration_minutes: SESSION_DURATION_MINUTES,
        },
      }
    case 'passkey-rename':
      return {
        method: 'PUT',
        path: `/webauthn/update/${encodeURIComponent(call.id)}`,
        body: { name: call.name },
      }
    case 'passkey-remove':
      return {
        method: 'DELETE',
        path: `/users/webauthn_registrations/${encodeURIComponent(call.id)}`,
      }
  }
}

/** A provider answer read: its `data`, or why it failed (and the error that ended the session). */
export type ProviderAnswer =
  | { ok: true; data: Record<string, unknown> }
  | { ok: false; failure: AccountFailure; endedBy: UnrecoverableErrorType | null }

/**
 * Reads a provider answer as the SDK does: 2xx with `{data}` is success; a JSON error names its
 * `error_type` (one of the session-ending ones means signed out); 5xx, 429 and anything that is
 * not the provider's JSON (a captive portal's page) mean the provider cannot be used now.
 */
export function readProviderAnswer(
  status: number,
  contentType: string | null,
  text: string,
): ProviderAnswer {
  let body: unknown
  if ((contentType ?? '').toLowerCase().includes('application/json')) {
    try {
      body = JSON.parse(text) as unknown
    } catch {
      body = undefined
    }
  }
  if (status >= 200 && status <= 299) {
    return isRecord(body) && isRecord(body.data)
      ? { ok: true, data: body.data }
      : { ok: false, failure: { kind: 'unreachable' }, endedBy: null }
  }
  const errorType = isRecord(body) && typeof body.error_type === 'string' ? body.error_type : null
  if (isUnrecoverableErrorType(errorType)) {
    return { ok: false, failure: { kind: 'signed-out' }, endedBy: errorType }
  }
  if (status >= 500 || status === 429 || !isRecord(body)) {
    return { ok: false, failure: { kind: 'unreachable' }, endedBy: null }
  }
  // Tabs show it and may report it: only an error type shaped like the provider's goes to them.
  return {
    ok: false,
    failure: { kind: 'refused', errorType: reportableErrorType(errorType) },
    endedBy: null,
  }
}

/**
 * The holder's passkeys from a `users/me` answer, entry by entry: an entry without a usable id is
 * left out (and counted), a missing name or domain reads as empty.
 */
export function readPasskeys(data: Record<string, unknown>): {
  passkeys: Passkey[]
  dropped: number
} {
  const raw = itemsOf(data.webauthn_registrations)
  const passkeys: Passkey[] = []
  for (const entry of raw) {
    const id = isRecord(entry) ? entry.webauthn_registration_id : undefined
    if (typeof id !== 'string' || !isRegistrationId(id) || !isRecord(entry)) continue
    passkeys.push({
      id,
      name: typeof entry.name === 'string' ? entry.name : '',
      domain: typeof entry.domain === 'string' ? entry.domain : '',
    })
  }
  return { passkeys, dropped: raw.length - passkeys.length }
}

/** The creation options from a `register/start` answer: a JSON object in a string, or throws. */
export function readCreationOptions(data: Record<string, unknown>): string {
  const options = expectString(
    data.public_key_credential_creation_options,
    'public_key_credential_creation_options',
  )
  let parsed: unknown
  try {
    parsed = JSON.parse(options) as unknown
  } catch {
    parsed = undefined
  }
  expectString(expectRecord(parsed, 'creation options').challenge, 'creation options.challenge')
  return options
}

/** The session a `register` answer carries (the provider adds the passkey factor to it). */
export function readRegisteredSession(data: Record<string, unknown>): AuthenticateData {
  return parseAuthenticateData(data, 'register')
}
