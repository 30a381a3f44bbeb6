/** Runs the real `@stytch/vanilla-js/headless` client in jsdom (contract doc §11), and stops its timers. */
import { webcrypto } from 'node:crypto'
import { JSDOM } from 'jsdom'
import type {
  StytchClient as StytchClientType,
  StytchClientOptions,
} from '@stytch/vanilla-js/headless'

/** The SDK client type. */
export type StytchClient = StytchClientType

/** `endpoints` works at runtime but is missing from the SDK's public option type. */
type OptionsWithEndpoints = StytchClientOptions & {
  endpoints: { testAPIURL: string; liveAPIURL: string }
}

/** The page the SDK believes it runs on (localhost, so its cookies are not Secure). */
export const PAGE_URL = 'http://localhost:5173/auth/email'

let dom: JSDOM | undefined

/** Creates the jsdom window and copies its globals onto `globalThis` (once per test file). */
export function installDom(): JSDOM {
  if (dom) return dom
  dom = new JSDOM('<!doctype html><html><body></body></html>', { url: PAGE_URL })
  const { window } = dom
  const globals: Record<string, unknown> = {
    window,
    document: window.document,
    localStorage: window.localStorage,
    sessionStorage: window.sessionStorage,
    location: window.location,
    history: window.history,
    HTMLElement: window.HTMLElement,
    StorageEvent: window.StorageEvent,
  }
  for (const [name, value] of Object.entries(globals)) {
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true })
  }
  Object.defineProperty(globalThis, 'navigator', {
    value: window.navigator,
    configurable: true,
    writable: true,
  })
  // The SDK calls fetch and crypto.subtle through the window in places.
  Object.defineProperty(window, 'fetch', { value: globalThis.fetch, configurable: true })
  if (!window.crypto?.subtle) {
    Object.defineProperty(window, 'crypto', { value: webcrypto, configurable: true })
  }
  return dom
}

/** Forgets everything the SDK kept in the page: cookies and localStorage. */
export function clearPage(): void {
  const { document, localStorage } = installDom().window
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  }
  localStorage.clear()
}

/** A client and the way to stop it (its refresh timer and its telemetry interval). */
export interface SdkHandle {
  client: StytchClient
  dispose(): void
}

/** Builds a fresh SDK client against `providerUrl` on a clean page. */
export async function createSdkClient(
  providerUrl: string,
  publicToken: string,
): Promise<SdkHandle> {
  installDom()
  clearPage()
  const { StytchClient } = await import('@stytch/vanilla-js/headless')
  // The SDK's telemetry logger starts an interval it never clears: note it so dispose can.
  const intervals: ReturnType<typeof setInterval>[] = []
  const realSetInterval = globalThis.setInterval
  const recording = ((...args: Parameters<typeof setInterval>) => {
    const id = realSetInterval(...args)
    intervals.push(id)
    return id
  }) as typeof setInterval
  globalThis.setInterval = recording
  let client: StytchClient
  try {
    const options: OptionsWithEndpoints = {
      endpoints: { testAPIURL: providerUrl, liveAPIURL: providerUrl },
    }
    client = new StytchClient(publicToken, options)
  } finally {
    globalThis.setInterval = realSetInterval
  }
  return {
    client,
    dispose: () => {
      const manager = (
        client as unknown as { _sessionManager?: { cancelBackgroundRefresh(): void } }
      )._sessionManager
      manager?.cancelBackgroundRefresh()
      for (const id of intervals) clearInterval(id)
    },
  }
}
