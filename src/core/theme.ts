/**
 * The theme's storage contract, shared by the page (features/theme) and the build's boot script
 * (build/page-shell.ts), which must agree before any JavaScript bundle runs.
 */

/** localStorage key holding the theme choice. */
export const THEME_STORAGE_KEY = 'theme'

/** The two themes; dark unless light was chosen. */
export type Theme = 'dark' | 'light'
