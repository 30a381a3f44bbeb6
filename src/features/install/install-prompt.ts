/** Keeps the browser's install prompt (`beforeinstallprompt`) so the app can offer it later. */

/** The Chromium event behind "Install app"; not in TypeScript's DOM types. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

type Listener = (available: boolean) => void

let deferred: BeforeInstallPromptEvent | null = null
let installed = false
const listeners = new Set<Listener>()

const notify = () => listeners.forEach((listener) => listener(deferred !== null))

/** Starts listening; call once before the app renders so an early event is not lost. */
export function captureInstallPrompt(target: Window = window) {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    deferred = event as BeforeInstallPromptEvent
    notify()
  })
  target.addEventListener('appinstalled', () => {
    deferred = null
    installed = true
    notify()
  })
}

/** True when the browser offered installation and it has not been used yet. */
export const canPromptInstall = () => deferred !== null

/** True once the browser reported that this app was installed (`appinstalled`) in this page. */
export const wasInstalled = () => installed

/** Subscribes to availability changes; returns the unsubscribe function. */
export function onInstallAvailability(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Shows the browser's install dialog; resolves with the user's answer. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred
  if (!event) return 'unavailable'
  deferred = null
  notify()
  await event.prompt()
  return (await event.userChoice).outcome
}
