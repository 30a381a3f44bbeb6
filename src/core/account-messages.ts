/**
 * The holder's account calls as tabs and the worker exchange them (passkeys: list, the creation
 * options, register, rename, remove): what a tab may ask, and what it is answered, each described
 * once as a schema. How the worker makes each call at the provider is account-calls.ts.
 */
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
import { expectRecord, expectString, ValidationError } from './validation.ts'

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
