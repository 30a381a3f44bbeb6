/** Theme choice: dark by default, light as the alternative, kept in localStorage. */
import { THEME_STORAGE_KEY, type Theme } from '../../core/theme.ts'

export { THEME_STORAGE_KEY, type Theme }

/** Dark unless light was chosen; anything unreadable counts as dark. */
export function readTheme(storage: Pick<Storage, 'getItem'>): Theme {
  try {
    return storage.getItem(THEME_STORAGE_KEY) === 'light' ? 'light' : 'dark'
  } catch {
    return 'dark'
  }
}

/** Shows `theme` and remembers it; storage failures (private mode, quota) only lose the memory. */
export function applyTheme(theme: Theme, root: HTMLElement, storage: Pick<Storage, 'setItem'>) {
  root.dataset.theme = theme
  try {
    storage.setItem(THEME_STORAGE_KEY, theme)
  } catch {
    // The choice still applies to this page.
  }
}
