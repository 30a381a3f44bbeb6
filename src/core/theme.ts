/**
 * The theme's storage contract, shared by the page (features/theme) and the build's boot script
 * (build/page-shell.ts), which must agree before any JavaScript bundle runs.
 */

/** localStorage key holding the theme choice. */
export const THEME_STORAGE_KEY = 'theme'

/**
 * The two themes: the holder's choice when they made one, else the system's preference, else
 * dark (where the system says nothing).
 */
export type Theme = 'dark' | 'light'

/** Each theme's page background, which the browser's bar follows (`<meta name="theme-color">`). */
export const THEME_COLORS: Readonly<Record<Theme, string>> = { dark: '#161616', light: '#fafaf7' }
