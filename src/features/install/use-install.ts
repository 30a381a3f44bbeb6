/** Whether the app can be installed from here, and the action that installs it. */
import { useSyncExternalStore } from 'react'
import {
  canPromptInstall,
  onInstallAvailability,
  promptInstall,
  wasInstalled,
} from './install-prompt.ts'

const subscribe = (onChange: () => void) => onInstallAvailability(onChange)

/**
 * `available` follows the browser's install offer; `install` opens its dialog; `installed` turns
 * true when the browser reports the app installed from this page.
 */
export function useInstall() {
  const available = useSyncExternalStore(subscribe, canPromptInstall, () => false)
  const installed = useSyncExternalStore(subscribe, wasInstalled, () => false)
  return { available, installed, install: promptInstall }
}
