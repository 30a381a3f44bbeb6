/** React hook over the theme: the current choice (shared by every toggle) and a flip. */
import { useCallback, useSyncExternalStore } from 'react'
import { applyTheme, type Theme } from './theme.ts'

const listeners = new Set<() => void>()

/** `<html data-theme>` is the one source of truth; the boot script set it before first paint. */
const current = (): Theme => (document.documentElement.dataset.theme === 'light' ? 'light' : 'dark')

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The current theme and a function flipping it (saved for the next visit). */
export function useTheme(): [Theme, () => void] {
  const theme = useSyncExternalStore(subscribe, current, (): Theme => 'dark')
  const toggle = useCallback(() => {
    applyTheme(current() === 'dark' ? 'light' : 'dark', document.documentElement, localStorage)
    for (const listener of listeners) listener()
  }, [])
  return [theme, toggle]
}
