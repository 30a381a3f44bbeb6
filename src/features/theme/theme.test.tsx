import { fireEvent, render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { applyTheme, readTheme, THEME_STORAGE_KEY } from './theme.ts'
import { ThemeToggle } from './theme-toggle.tsx'

/** What the build's boot script does before React runs (tested in build/page-shell.test.ts). */
const boot = () => {
  document.documentElement.dataset.theme = readTheme(localStorage)
}

beforeEach(() => {
  delete document.documentElement.dataset.theme
})

describe('theme', () => {
  it('is dark by default, light when chosen, dark for anything else', () => {
    expect(readTheme(localStorage)).toBe('dark')
    localStorage.setItem(THEME_STORAGE_KEY, 'light')
    expect(readTheme(localStorage)).toBe('light')
    localStorage.setItem(THEME_STORAGE_KEY, 'purple')
    expect(readTheme(localStorage)).toBe('dark')
  })

  it('still applies when storage refuses writes', () => {
    const refusing = {
      setItem() {
        throw new Error('QuotaExceededError')
      },
    }
    applyTheme('light', document.documentElement, refusing)
    expect(document.documentElement.dataset.theme).toBe('light')
  })

  it('keeps every toggle on the page in step', () => {
    boot()
    render(
      <>
        <ThemeToggle />
        <ThemeToggle />
      </>,
    )
    fireEvent.click(screen.getAllByRole('button', { name: 'Switch to light theme' })[0]!)
    expect(screen.getAllByRole('button', { name: 'Switch to dark theme' })).toHaveLength(2)
    fireEvent.click(screen.getAllByRole('button', { name: 'Switch to dark theme' })[1]!)
    expect(document.documentElement.dataset.theme).toBe('dark')
    expect(screen.getAllByRole('button', { name: 'Switch to light theme' })).toHaveLength(2)
  })

  it('toggles, persists the choice and relabels the button', () => {
    boot()
    render(<ThemeToggle />)
    fireEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }))
    expect(document.documentElement.dataset.theme).toBe('light')
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light')
    fireEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }))
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark')
  })
})
