/** Whether the app can be installed from here, and the action that installs it. */
import { useSyncExternalStore } from 'react'
import { canPromptInstall, onInstallAvailability, promptInstall } from '../../lib/install-prompt.ts'

const subscribe = (onChange: () => void) => onInstallAvailability(onChange)

/** `available` follows the browser's install offer; `install` opens its dialog. */
export function useInstall() {
  const available = useSyncExternalStore(subscribe, canPromptInstall, () => false)
  return { available, install: promptInstall }
}
