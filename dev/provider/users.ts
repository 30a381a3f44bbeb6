/** Users: find or create by email or wallet, and the provider's User object. */
import { newId } from './ids.ts'
import type { ProviderState, UserRecord } from './state.ts'
import { webauthnRegistrationObject } from './webauthn-registrations.ts'

/** The user owning `email` (case-insensitive), creating it when new; says whether it was created. */
export function userForEmail(
  state: ProviderState,
  email: string,
  createdAt: string,
): { user: UserRecord; created: boolean } {
  const wanted = email.toLowerCase()
  const existing = Object.values(state.users).find((user) =>
    user.emails.some((entry) => entry.email.toLowerCase() === wanted),
  )
  if (existing) return { user: existing, created: false }
  const user: UserRecord = {
    user_id: newId('user'),
    created_at: createdAt,
    emails: [{ email_id: newId('email'), email: wanted, verified: false }],
    crypto_wallets: [],
  }
  state.users[user.user_id] = user
  return { user, created: true }
}

/** The user owning the wallet `address` (case-insensitive), creating it when new. */
export function userForWallet(
  state: ProviderState,
  address: string,
  type: string,
  createdAt: string,
): { user: UserRecord; created: boolean } {
  const wanted = address.toLowerCase()
  const existing = Object.values(state.users).find((user) =>
    user.crypto_wallets.some((wallet) => wallet.crypto_wallet_address.toLowerCase() === wanted),
  )
  if (existing) return { user: existing, created: false }
  const user: UserRecord = {
    user_id: newId('user'),
    created_at: createdAt,
    emails: [],
    crypto_wallets: [
      {
        crypto_wallet_id: newId('crypto-wallet'),
        crypto_wallet_address: wanted,
        crypto_wallet_type: type,
        verified: false,
      },
    ],
  }
  state.users[user.user_id] = user
  return { user, created: true }
}

/** The provider's User object for a stored user. */
export function userObject(user: UserRecord): Record<string, unknown> {
  return {
    user_id: user.user_id,
    created_at: user.created_at,
    status: 'active',
    name: { first_name: '', middle_name: '', last_name: '' },
    emails: user.emails.map((entry) => ({ ...entry })),
    phone_numbers: (user.phone_numbers ?? []).map((phone) => ({ ...phone })),
    crypto_wallets: user.crypto_wallets.map((wallet) => ({ ...wallet })),
    providers: (user.providers ?? []).map((provider) => ({ ...provider })),
    password: null,
    totps: [],
    webauthn_registrations: (user.webauthn_registrations ?? []).map(webauthnRegistrationObject),
    biometric_registrations: [],
    trusted_metadata: {},
    untrusted_metadata: {},
    roles: [],
  }
}
