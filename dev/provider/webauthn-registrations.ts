/** A user's WebAuthn registrations: the provider's public shape, lookups, and who may have one. */
import type { ProviderState, UserRecord, WebAuthnRegistrationRecord } from './state.ts'

/** The provider's `webauthn_registrations[]` entry: never the key, counter or credential id. */
export function webauthnRegistrationObject(
  registration: WebAuthnRegistrationRecord,
): Record<string, unknown> {
  return {
    webauthn_registration_id: registration.webauthn_registration_id,
    domain: registration.domain,
    user_agent: registration.user_agent,
    authenticator_type: registration.authenticator_type,
    verified: registration.verified,
    name: registration.name,
  }
}

/** The registration holding `credentialId` (base64url) and its user, across all users. */
export function findByCredentialId(
  state: ProviderState,
  credentialId: string,
): { user: UserRecord; registration: WebAuthnRegistrationRecord } | undefined {
  for (const user of Object.values(state.users)) {
    const registration = user.webauthn_registrations?.find(
      (entry) => entry.credential_id === credentialId,
    )
    if (registration) return { user, registration }
  }
  return undefined
}

/**
 * Whether the provider lets `user` have passkeys: only once they proved an email address or a
 * phone number (a user without one stays "pending" to the provider). Phone numbers arrive with
 * SMS sign-in, so they are read as optional.
 */
export function mayUseWebAuthn(user: UserRecord): boolean {
  const phones = (user as { phone_numbers?: { verified: boolean }[] }).phone_numbers ?? []
  return user.emails.some((email) => email.verified) || phones.some((phone) => phone.verified)
}

/** The account name a ceremony shows for the user: a verified email or phone number, else the id. */
export function webauthnUserName(user: UserRecord): string {
  const phones = (user as { phone_numbers?: { phone_number: string; verified: boolean }[] })
    .phone_numbers
  return (
    user.emails.find((email) => email.verified)?.email ??
    phones?.find((phone) => phone.verified)?.phone_number ??
    user.user_id
  )
}
