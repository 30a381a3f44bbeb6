/** Theme choice: the holder's when made (kept in localStorage), else the system's, else dark. */
import { THEME_COLORS, THEME_STORAGE_KEY, type Theme } from '../../core/theme.ts'

export { THEME_STORAGE_KEY, type Theme }

/**
 * Shows `theme`, colours the browser's bar to match, and remembers the choice; storage failures
 * (private mode, quota) only lose the memory.
 */
export function applyTheme(theme: Theme, root: HTMLElement, storage: Pick<Storage, 'setItem'>) {
  root.dataset.theme = theme
  root.ownerDocument
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', THEME_COLORS[theme])
  try {
    storage.setItem(THEME_STORAGE_KEY, theme)
  } catch {
    // The choice still applies to this page.
  }
}
