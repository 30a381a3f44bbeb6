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

/** The globals `installDom` sets, and what each was before (undefined: it was not there). */
const replaced = new Map<string, PropertyDescriptor | undefined>()

/** Sets `name` on `globalThis`, noting what was there so `uninstallDom` can put it back. */
function setGlobal(name: string, value: unknown): void {
  if (!replaced.has(name)) replaced.set(name, Object.getOwnPropertyDescriptor(globalThis, name))
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true })
}

/**
 * Creates the jsdom window (once: the SDK, imported once per worker, keeps its references) and
 * copies its globals onto `globalThis` (again after `uninstallDom`).
 */
export function installDom(): JSDOM {
  dom ??= new JSDOM('<!doctype html><html><body></body></html>', { url: PAGE_URL })
  if (replaced.size > 0) return dom
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
    navigator: window.navigator,
  }
  for (const [name, value] of Object.entries(globals)) setGlobal(name, value)
  // The SDK calls fetch and crypto.subtle through the window in places.
  Object.defineProperty(window, 'fetch', { value: globalThis.fetch, configurable: true })
  if (!window.crypto?.subtle) {
    Object.defineProperty(window, 'crypto', { value: webcrypto, configurable: true })
  }
  return dom
}

/**
 * Puts back every global `installDom` set: the dev project's files share a worker
 * (vitest.config.ts), and a later file must not find a `document` (TanStack Router then takes the
 * build's prerender for a browser). The dev project's setup file calls it after each file.
 */
export function uninstallDom(): void {
  for (const [name, before] of replaced) {
    if (before) Object.defineProperty(globalThis, name, before)
    else Reflect.deleteProperty(globalThis, name)
  }
  replaced.clear()
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
