import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LOCALE_NAMES, LOCALE_STORAGE_KEY } from '../../core/locale.ts'
import { i18n } from '../../shared/i18n.ts'
import * as deviceLocale from './device-locale.ts'
import { LanguagePicker } from './language-picker.tsx'

/** Holds Spanish's catalog back until a test lets it arrive. */
const spanish = vi.hoisted(() => {
  let arrive = () => {}
  const arrived = new Promise<void>((resolve) => (arrive = resolve))
  return { arrive, arrived }
})

vi.mock('../../locales/es.po', async (importOriginal) => {
  await spanish.arrived
  return importOriginal()
})

afterEach(() => {
  vi.restoreAllMocks()
  document.documentElement.lang = 'en'
})

describe('LanguagePicker', () => {
  it('lists every language of the list in its own name, marked as that language', () => {
    render(<LanguagePicker />)
    const select = screen.getByRole('combobox', { name: 'Language' })
    expect(select).toHaveValue('en')
    const options = screen.getAllByRole('option')
    expect(options.map((option) => [option.textContent, option.getAttribute('lang')])).toEqual(
      Object.entries(LOCALE_NAMES).map(([locale, name]) => [name, locale]),
    )
    expect(options.map((option) => option.textContent)).toContain('日本語')
  })

  it('switches the app at once and keeps the choice on this device', async () => {
    render(<LanguagePicker />)
    await userEvent.selectOptions(screen.getByRole('combobox'), 'de')
    await waitFor(() => expect(i18n.locale).toBe('de'))
    expect(document.documentElement.lang).toBe('de')
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('de')
    expect(screen.getByRole('combobox')).toHaveValue('de')
  })

  it('says so when the language cannot be loaded, and stays in the current one', async () => {
    vi.spyOn(deviceLocale, 'switchLocale').mockRejectedValue(new TypeError('Failed to fetch'))
    render(<LanguagePicker />)
    await userEvent.selectOptions(screen.getByRole('combobox'), 'ja')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That language could not be loaded. Check your connection and try again.',
    )
    expect(screen.getByRole('combobox')).toHaveValue('en')
    expect(screen.getByRole('combobox')).toHaveAccessibleDescription(/could not be loaded/)
    expect(i18n.locale).toBe('en')
  })

  it('shows the language chosen last, when the first one chosen arrives after it', async () => {
    const switches = vi.spyOn(deviceLocale, 'switchLocale')
    render(<LanguagePicker />)
    const select = screen.getByRole('combobox')
    await userEvent.selectOptions(select, 'es')
    expect(select).toHaveValue('es')
    expect(select).toHaveAttribute('aria-busy', 'true')
    await userEvent.selectOptions(select, 'de')
    await waitFor(() => expect(i18n.locale).toBe('de'))
    spanish.arrive()
    // Both switches done, Spanish's last: nothing of it may take over.
    await act(() => Promise.allSettled(switches.mock.results.map((result) => result.value)))
    expect(switches.mock.calls).toEqual([['es'], ['de']])
    expect(select).toHaveAttribute('aria-busy', 'false')
    expect(i18n.locale).toBe('de')
    expect(document.documentElement.lang).toBe('de')
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('de')
    expect(select).toHaveValue('de')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('keeps its name for screen readers when a heading beside it shows it', () => {
    render(<LanguagePicker hideLabel />)
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeInTheDocument()
  })
})
