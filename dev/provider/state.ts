/** The provider emulator's persisted records: users, sessions, codes, links, wallet challenges, inbox. */
import { join } from 'node:path'
import { JsonFile } from '../store/json-file.ts'

/** One of a user's email addresses. */
export interface EmailRecord {
  email_id: string
  email: string
  verified: boolean
}

/** One of a user's crypto wallets. */
export interface WalletRecord {
  crypto_wallet_id: string
  crypto_wallet_address: string
  crypto_wallet_type: string
  verified: boolean
}

/** One of a user's phone numbers (E.164). */
export interface PhoneRecord {
  phone_id: string
  phone_number: string
  verified: boolean
}

/** An OAuth identity linked to a user (the provider's `providers` entry). */
export interface OAuthProviderRecord {
  /** `Google`, `Apple`, … as the provider names them. */
  provider_type: string
  provider_subject: string
  oauth_user_registration_id: string
  profile_picture_url: string
  locale: string
}

/** A user as stored. */
export interface UserRecord {
  user_id: string
  created_at: string
  emails: EmailRecord[]
  crypto_wallets: WalletRecord[]
  /** Absent in state files written before SMS codes. */
  phone_numbers?: PhoneRecord[]
  /** Absent in state files written before OAuth. */
  providers?: OAuthProviderRecord[]
  /** Absent in state files written before passkeys. */
  webauthn_registrations?: WebAuthnRegistrationRecord[]
}

/** One authentication factor of a session, in the provider's shape. */
export type Factor = Record<string, unknown> & { type: string; delivery_method: string }

/** A session as stored, keyed by its opaque token. */
export interface SessionRecord {
  session_id: string
  session_token: string
  user_id: string
  started_at: string
  last_accessed_at: string
  expires_at: string
  factors: Factor[]
}

/** An outstanding code, keyed by its method id (the email id, or the phone id for SMS). */
export interface OtpRecord {
  method_id: string
  /** Where the code went: an email address, or (SMS) a phone number. */
  email?: string
  phone_number?: string
  code: string
  expires_at: string
  attempts: number
}

/** An outstanding magic-link token. */
export interface MagicLinkRecord {
  token: string
  user_id: string
  email_id: string
  email: string
  code_challenge?: string
  expires_at: string
  used_at?: string
}

/** The challenge issued to a wallet address (lower case) by authenticate/start. */
export interface WalletChallenge {
  address: string
  type: string
  challenge: string
  expires_at: string
}

/** An OAuth flow between its start and the consent: what the start asked for. */
export interface OAuthStateRecord {
  state: string
  provider: string
  code_challenge?: string
  login_redirect_url: string
  signup_redirect_url: string
  scopes: string[]
  expires_at: string
}

/** A single-use OAuth token, minted at consent and exchanged by `/oauth/authenticate`. */
export interface OAuthTokenRecord {
  token: string
  provider: string
  user_id: string
  email_id: string
  email: string
  provider_subject: string
  oauth_user_registration_id: string
  scopes: string[]
  code_challenge?: string
  expires_at: string
  used_at?: string
}

/** A message "sent" to an address or (SMS) a phone number: the inbox entry. */
export interface InboxMessage {
  email?: string
  phone_number?: string
  kind: 'otp' | 'magic_link' | 'sms'
  code?: string
  link?: string
  sentAt: string
}

/** A passkey or other WebAuthn credential of a user: the provider's fields and what verifies it. */
export interface WebAuthnRegistrationRecord {
  webauthn_registration_id: string
  /** The RP id the credential was created for (register/start's `domain`). */
  domain: string
  user_agent: string
  /** `platform`, `cross-platform`, or empty when register/start asked for neither. */
  authenticator_type: string
  verified: boolean
  name: string
  /** The credential id, base64url, as the authenticator chose it. */
  credential_id: string
  /** The COSE public key, base64url. */
  public_key: string
  /** The highest signature counter seen. */
  counter: number
  transports: string[]
  /** The `user.id` the credential was created with, base64url (a passkey's `userHandle`). */
  user_handle: string
}

/** A WebAuthn challenge (base64url, also its key) issued by register/start or authenticate/start. */
export interface WebAuthnChallengeRecord {
  challenge: string
  ceremony: 'register' | 'authenticate'
  /** The signed-in user (register, authenticate/start/secondary); absent for start/primary. */
  user_id?: string
  domain: string
  /** Register only: what the registration will record. */
  user_agent?: string
  authenticator_type?: string
  user_handle?: string
  expires_at: string
}

/** Everything the emulator persists. */
export interface ProviderState {
  version: 1
  users: Record<string, UserRecord>
  sessions: Record<string, SessionRecord>
  otps: Record<string, OtpRecord>
  magicLinks: Record<string, MagicLinkRecord>
  walletChallenges: Record<string, WalletChallenge>
  /** Absent in state files written before OAuth. */
  oauthStates?: Record<string, OAuthStateRecord>
  oauthTokens?: Record<string, OAuthTokenRecord>
  /** Absent in state files written before passkeys. */
  webauthnChallenges?: Record<string, WebAuthnChallengeRecord>
  inbox: InboxMessage[]
}

/** The file name of the provider's records inside the data folder. */
export const PROVIDER_FILE = 'provider.json'

/** Opens (or creates) the provider's records in `dataDir`. */
export function openProviderState(dataDir: string): JsonFile<ProviderState> {
  return new JsonFile<ProviderState>(join(dataDir, PROVIDER_FILE), () => ({
    version: 1,
    users: {},
    sessions: {},
    otps: {},
    magicLinks: {},
    walletChallenges: {},
    inbox: [],
  }))
}

/** Drops sessions, codes, links and challenges that expired (links: a day after, so reuse stays explained). */
export function pruneExpired(state: ProviderState, nowMs: number): void {
  const expired = (at: string, graceMs = 0) => Date.parse(at) + graceMs <= nowMs
  const prune = <T>(records: Record<string, T>, isDead: (record: T) => boolean) => {
    for (const [key, record] of Object.entries(records)) if (isDead(record)) delete records[key]
  }
  prune(state.sessions, (session) => expired(session.expires_at))
  prune(state.otps, (otp) => expired(otp.expires_at))
  prune(state.magicLinks, (link) => expired(link.expires_at, 86_400_000))
  prune(state.walletChallenges, (challenge) => expired(challenge.expires_at))
  prune(state.oauthStates ?? {}, (flow) => expired(flow.expires_at))
  prune(state.oauthTokens ?? {}, (token) => expired(token.expires_at, 86_400_000))
  prune(state.webauthnChallenges ?? {}, (challenge) => expired(challenge.expires_at))
}
