/** The provider SDK (Stytch headless), loaded only by sign-in screens, and its local-copy cleanup. */
import type { StytchClient, StytchClientOptions } from '@stytch/vanilla-js/headless'
import { config } from '../config/env.ts'

/** The provider client as the sign-in screens use it. */
export type ProviderClient = StytchClient

/** Cookies the SDK writes on the app's origin (spec §9, provider defaults). */
const PROVIDER_COOKIES = [
  'stytch_session',
  'stytch_session_jwt',
  'stytch_intermediate_session_token',
]

/** localStorage prefix of the SDK's state, bootstrap and PKCE keys. */
const PROVIDER_STATE_PREFIX = 'stytch_sdk_state_'

let client: Promise<ProviderClient> | null = null

/** Loads the SDK (its own chunk, outside the initial JavaScript) and creates one client. */
export function loadProviderClient(): Promise<ProviderClient> {
  // `endpoints` is read by the SDK (StytchClient.mjs) but missing from its option type; unlike
  // `customBaseUrl` it keeps the scheme and port, so the local emulator works.
  const options: StytchClientOptions & { endpoints: { testAPIURL: string; liveAPIURL: string } } = {
    endpoints: { testAPIURL: config.stytchApiUrl, liveAPIURL: config.stytchApiUrl },
    keepSessionAlive: false,
  }
  client ??= import('@stytch/vanilla-js/headless').then(
    ({ createStytchClient }) => createStytchClient(config.stytchPublicToken, options),
    (error: unknown) => {
      // A failed chunk load (offline, new deploy) must not stick: the next attempt retries.
      client = null
      throw error
    },
  )
  return client
}

/**
 * Removes the SDK's own copy of the session (cookies and state keys) after the hand-off, so the
 * session token lives only in the session host. PKCE keys of an unfinished magic link are kept
 * unless `everything` is set.
 */
export function clearProviderLocalCopy({ everything = false } = {}): void {
  for (const name of PROVIDER_COOKIES) {
    document.cookie = `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`
  }
  for (let index = localStorage.length - 1; index >= 0; index--) {
    const key = localStorage.key(index)
    if (!key?.startsWith(PROVIDER_STATE_PREFIX)) continue
    if (!everything && key.includes('::PKCE_VERIFIER')) continue
    localStorage.removeItem(key)
  }
}
