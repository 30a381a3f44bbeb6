/** React hook over the theme: the current choice and a toggle. */
import { useCallback, useState } from 'react'
import { applyTheme, readTheme, type Theme } from './theme.ts'

/** The current theme and a function flipping it (saved for the next visit). */
export function useTheme(): [Theme, () => void] {
  const [theme, setTheme] = useState<Theme>(() =>
    document.documentElement.dataset.theme === 'light' ? 'light' : readTheme(localStorage),
  )
  const toggle = useCallback(() => {
    setTheme((current) => {
      const next: Theme = current === 'dark' ? 'light' : 'dark'
      applyTheme(next, document.documentElement, localStorage)
      return next
    })
  }, [])
  return [theme, toggle]
}
