/** The provider SDK (Stytch headless), loaded only by sign-in screens, and its local-copy cleanup. */
import type { StytchClient, StytchClientOptions } from '@stytch/vanilla-js/headless'
import { config } from '../config/env.ts'
import { timing } from '../config/timing.ts'

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

/** A provider call got no answer in time (the SDK sets no deadline: it would wait for good). */
export class SignInDeadlineError extends Error {
  override readonly name = 'SignInDeadlineError'
  constructor() {
    super('The sign-in service did not answer in time')
  }
}

/** Settles with `work` (an SDK call), or rejects with SignInDeadlineError once `ms` have passed. */
export function withDeadline<T>(work: Promise<T>, ms = timing.signInTimeoutMs): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new SignInDeadlineError()), ms)
  })
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer))
}

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
    ({ createStytchClient }) =>
      ignoreListenerErrors(window, () => createStytchClient(config.stytchPublicToken, options)),
    (error: unknown) => {
      // A failed chunk load (offline, new deploy) must not stick: the next attempt retries.
      client = null
      throw error
    },
  )
  return client
}

/** What an error thrown by the SDK's storage listener is logged as (spec §8). */
export const IGNORED_LISTENER_ERROR = 'Ignored Stytch listener error'

/**
 * Runs `create` (which builds the SDK client, and with it the SDK's cross-tab `storage` listener)
 * between two `storage` listeners of ours. An error raised while the SDK's listener runs (another
 * tab wrote state it cannot parse, say) is then known to be the SDK's: it is logged as
 * "Ignored Stytch listener error" and stopped before anything else hears it, so it is neither
 * shown as uncaught nor reported. Every other error passes untouched.
 */
export function ignoreListenerErrors<T>(
  target: Window,
  create: () => T,
  warn: (message: string, error: unknown) => void = console.warn,
): T {
  let inProviderListener = false
  target.addEventListener('storage', () => {
    inProviderListener = true
  })
  try {
    return create()
  } finally {
    // Listeners run in the order they were added: this one runs right after the SDK's.
    target.addEventListener('storage', () => {
      inProviderListener = false
    })
    // Capture at the window runs before the `onerror` handler and other listeners there.
    target.addEventListener(
      'error',
      (event) => {
        if (!inProviderListener) return
        event.preventDefault()
        event.stopImmediatePropagation()
        warn(IGNORED_LISTENER_ERROR, event.error ?? event.message)
      },
      { capture: true },
    )
  }
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
