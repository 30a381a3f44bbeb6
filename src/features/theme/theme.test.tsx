import { fireEvent, render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { applyTheme, readTheme, THEME_STORAGE_KEY, themeBootScript } from './theme.ts'
import { ThemeToggle } from './theme-toggle.tsx'

const runBootScript = () => new Function(themeBootScript)()

beforeEach(() => {
  delete document.documentElement.dataset.theme
})

describe('theme', () => {
  it('is dark by default', () => {
    expect(readTheme(localStorage)).toBe('dark')
    runBootScript()
    expect(document.documentElement.dataset.theme).toBe('dark')
  })

  it('boots into the saved light theme before React runs', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'light')
    runBootScript()
    expect(document.documentElement.dataset.theme).toBe('light')
  })

  it('treats an unknown saved value as dark', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'purple')
    runBootScript()
    expect(document.documentElement.dataset.theme).toBe('dark')
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
    runBootScript()
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
    runBootScript()
    render(<ThemeToggle />)
    fireEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }))
    expect(document.documentElement.dataset.theme).toBe('light')
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light')
    fireEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }))
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark')
  })
})
