import { fireEvent, render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { applyTheme, THEME_STORAGE_KEY } from './theme.ts'
import { ThemeToggle } from './theme-toggle.tsx'

/** What the build's boot script does before React runs, for a dark system (build/page-shell.test.ts). */
const boot = () => {
  document.documentElement.dataset.theme = 'dark'
}

beforeEach(() => {
  delete document.documentElement.dataset.theme
})

describe('theme', () => {
  it("colours the browser's bar with the theme", () => {
    const meta = document.createElement('meta')
    meta.name = 'theme-color'
    meta.content = '#161616'
    document.head.append(meta)
    applyTheme('light', document.documentElement, localStorage)
    expect(meta.content).toBe('#fafaf7')
    applyTheme('dark', document.documentElement, localStorage)
    expect(meta.content).toBe('#161616')
    meta.remove()
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
