/** Button switching between the dark and light themes. */
import { t } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import type { Theme } from '../../core/theme.ts'
import { useTheme } from './use-theme.ts'
import './theme.css'

/** Marks the switch, so the first-paint frame's script can label it for the page's theme. */
export const THEME_TOGGLE_ATTRIBUTE = 'data-theme-toggle'

/** The switch's name in `theme`: what pressing it does. */
export const themeToggleLabel = (theme: Theme) =>
  theme === 'dark' ? t`Switch to light theme` : t`Switch to dark theme`

/**
 * A labelled switch; its accessible name says what pressing it does. Its icon shows the theme it
 * switches to: a sun in the dark theme, a moon in the light one. Both icons are on the page and
 * the stylesheet shows the one for the page's theme, so the prerendered frame (built in the dark
 * theme) already shows the right one, and no font has to be found for a symbol.
 */
export function ThemeToggle() {
  useLingui()
  const [theme, toggle] = useTheme()
  const label = themeToggleLabel(theme)
  return (
    <button
      type="button"
      className="icon-button"
      onClick={toggle}
      aria-label={label}
      title={label}
      {...{ [THEME_TOGGLE_ATTRIBUTE]: '' }}
    >
      <svg className="theme-icon theme-icon--sun" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="4.5" />
        <path d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8" />
      </svg>
      <svg className="theme-icon theme-icon--moon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5Z" />
      </svg>
    </button>
  )
}
