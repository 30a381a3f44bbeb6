/**
 * The provider calls a signed-in holder's account needs after the hand-off (passkeys: list, the
 * creation options, register, rename, remove). The worker makes them with the session token it
 * alone holds; the page sends only what the holder chose and does the browser ceremony. This
 * module says what each call sends and reads what comes back, per item and tolerantly.
 */
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
import {
  anyString,
  array,
  boolean,
  custom,
  nonEmptyString,
  object,
  optionalString,
  refine,
  variant,
  type Infer,
} from './schema.ts'
import { expectRecord, expectString, isRecord, itemsOf, ValidationError } from './validation.ts'

/** Longest passkey name the app sends (the holder types it). */
export const MAX_PASSKEY_NAME_LENGTH = 64

/** Longest credential JSON taken from a tab: a passkey's attestation is a few kilobytes. */
export const MAX_CREDENTIAL_LENGTH = 65_536

/** The shape of the provider's registration ids (`webauthn-registration-test-…`): safe in a path. */
const REGISTRATION_ID = /^[A-Za-z0-9_-]{1,128}$/

/** Whether `id` can be a registration id (it goes into a URL path). */
export function isRegistrationId(id: string): boolean {
  return REGISTRATION_ID.test(id)
}

/** A name as the holder typed it, trimmed; null when empty or too long. */
export function cleanPasskeyName(name: string): string | null {
  const trimmed = name.trim()
  return trimmed.length === 0 || trimmed.length > MAX_PASSKEY_NAME_LENGTH ? null : trimmed
}

const registrationId = refine(nonEmptyString, isRegistrationId, 'a passkey id')

/** One of the holder's passkeys, as the account page shows it. */
const passkey = object({
  id: registrationId,
  /** The name the holder gave it, or empty when it has none. */
  name: anyString,
  /** The site it signs in to (the provider's `domain`), or empty when not given. */
  domain: anyString,
})
export type Passkey = Infer<typeof passkey>

/** What a tab may ask of the holder's account, by call; the protocol checks every field. */
const accountCalls = {
  passkeys: object({}),
  'passkey-options': object({}),
  'passkey-register': object({
    credential: refine(
      nonEmptyString,
      (credential) => credential.length <= MAX_CREDENTIAL_LENGTH,
      'a passkey credential',
    ),
  }),
  'passkey-rename': object({
    id: registrationId,
    name: custom((value, path) => {
      const name = cleanPasskeyName(expectString(value, path))
      if (name === null) throw new ValidationError(path, 'a passkey name')
      return name
    }),
  }),
  'passkey-remove': object({ id: registrationId }),
}
export const accountCallSchema = variant('op', accountCalls)
export type AccountCall = Infer<typeof accountCallSchema>

/** The account calls' names, in one place. */
export const ACCOUNT_OPS = Object.keys(accountCalls) as AccountCall['op'][]

/**
 * Why an account call did not happen: nobody is signed in (or the provider ended the session),
 * a change needs a recent sign-in (`reauth-needed`: the holder must show they are present), the
 * provider could not be reached or is having trouble, or it refused (`errorType` says why).
 */
const accountFailure = variant('kind', {
  'signed-out': object({}),
  'reauth-needed': object({}),
  unreachable: object({}),
  refused: object({ errorType: optionalString }),
})
export type AccountFailure = Infer<typeof accountFailure>

/** What an account call came to. */
export type AccountResult =
  | { ok: true; passkeys: Passkey[] }
  | { ok: true; creationOptions: string }
  | { ok: false; failure: AccountFailure }

/** Reads an account call's result: a failure, the creation options, or the passkeys. */
export const accountResultSchema = custom((value, path): AccountResult => {
  const raw = expectRecord(value, path)
  if (!boolean.read(raw.ok, `${path}.ok`)) {
    return { ok: false, failure: accountFailure.read(raw.failure, `${path}.failure`) }
  }
  if (raw.creationOptions !== undefined) {
    return {
      ok: true,
      creationOptions: nonEmptyString.read(raw.creationOptions, `${path}.creationOptions`),
    }
  }
  return { ok: true, passkeys: array(passkey).read(raw.passkeys, `${path}.passkeys`) }
})

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
