/**
 * The theme boot script, run inline before first paint so the page never flashes the wrong theme.
 * Written as a function of its parameters and the page's globals only (src/core/inline-script.ts).
 */
import { inlineScript } from '../src/core/inline-script.ts'
import { THEME_COLORS, THEME_STORAGE_KEY, type Theme } from '../src/core/theme.ts'

/**
 * Sets the theme: the holder's choice (kept under `storageKey`), else the system's preference,
 * else dark. The browser's bar takes the theme's colour. (The same rule the theme toggle keeps.)
 */
export function bootTheme(storageKey: string, colors: Readonly<Record<Theme, string>>): void {
  let stored: string | null = null
  try {
    stored = localStorage.getItem(storageKey)
  } catch {
    // Blocked storage: the system decides.
  }
  const theme: Theme =
    stored === 'light' || stored === 'dark'
      ? stored
      : typeof window.matchMedia === 'function' &&
          window.matchMedia('(prefers-color-scheme: light)').matches
        ? 'light'
        : 'dark'
  document.documentElement.dataset.theme = theme
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', colors[theme])
}

/** The script as it goes into the page; the policy allows it by hash (no `unsafe-inline`). */
export const themeBootScript = inlineScript(bootTheme, THEME_STORAGE_KEY, THEME_COLORS)
