/** Theme choice: dark by default, light as the alternative, kept in localStorage. */

/** localStorage key holding the theme choice. */
export const THEME_STORAGE_KEY = 'theme'

/** The two themes. */
export type Theme = 'dark' | 'light'

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

/**
 * Inline script run before first paint (index.html) so the page never flashes the wrong theme.
 * The build hashes it into the Content Security Policy, so it needs no `unsafe-inline`.
 */
export const themeBootScript = `try{document.documentElement.dataset.theme=localStorage.getItem(${JSON.stringify(
  THEME_STORAGE_KEY,
)})==="light"?"light":"dark"}catch(e){document.documentElement.dataset.theme="dark"}`
