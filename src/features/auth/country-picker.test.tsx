/** The country search: what it picks, said once the holder pauses, and Escape undoing it. */
import { act, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import type { CountryCode } from 'libphonenumber-js/mobile'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { countryList } from './country-list.ts'
import { ANNOUNCE_AFTER_MS, CountryPicker } from './country-picker.tsx'

const countries = countryList(['en-GB'])

function Picker({ start }: { start: CountryCode }) {
  const [region, setRegion] = useState(start)
  return (
    <CountryPicker
      countries={countries}
      region={region}
      onRegionChange={setRegion}
      onDone={vi.fn()}
    />
  )
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

function renderPicker(start: CountryCode = 'GB') {
  render(<Picker start={start} />)
}

/** Types `text` into the search one key at a time, with no time passing between keys. */
function typeSearch(text: string) {
  const field = search()
  for (const key of text) {
    fireEvent.change(field, { target: { value: field.value + key } })
  }
}

const search = () => screen.getByLabelText<HTMLInputElement>('Search countries')
const country = () => screen.getByLabelText<HTMLSelectElement>('Country')
const status = () => screen.getByRole('status')
const pause = (ms = ANNOUNCE_AFTER_MS) => act(() => vi.advanceTimersByTimeAsync(ms))

describe('CountryPicker', () => {
  it('says how many countries match and which one the search picked, once the holder pauses', async () => {
    renderPicker()
    typeSearch('ind')
    expect(country()).toHaveValue('IN')
    // Nothing is said while the holder types.
    expect(status()).toHaveTextContent(/^$/)
    await pause(ANNOUNCE_AFTER_MS - 1)
    expect(status()).toHaveTextContent(/^$/)
    await pause(1)
    const matches = countries.filter(({ keys }) => keys.some((key) => key.includes('ind')))
    expect(status()).toHaveTextContent(`${matches.length} countries match; India (+91) picked.`)
  })

  it('says the country picked is kept while it matches', async () => {
    renderPicker()
    typeSearch('united')
    await pause()
    expect(country()).toHaveValue('GB')
    expect(status()).toHaveTextContent(/countries match; United Kingdom \(\+44\) picked\.$/)
  })

  it('says one sentence per pause, for the last search only', async () => {
    renderPicker()
    typeSearch('viet')
    expect(status()).toHaveTextContent(/^$/)
    await pause()
    expect(status()).toHaveTextContent('1 country matches; Vietnam (+84) picked.')
    fireEvent.change(search(), { target: { value: '' } })
    typeSearch('+1')
    await pause()
    expect(status()).toHaveTextContent(/countries match; Vietnam|United States \(\+1\) picked\./)
  })

  it('says when nothing matches and the country picked before the search is back', async () => {
    renderPicker()
    typeSearch('viet')
    typeSearch('nam atlantis')
    await pause()
    expect(country()).toHaveValue('GB')
    expect(status()).toHaveTextContent(
      'No country matches “vietnam atlantis”. United Kingdom (+44) picked.',
    )
  })

  it('is a live region, not the field’s description as well (read once)', () => {
    renderPicker()
    expect(status()).toHaveAttribute('role', 'status')
    expect(search()).not.toHaveAttribute('aria-describedby')
  })

  it('clears the search with Escape and picks the country picked before it again', async () => {
    renderPicker('DE')
    typeSearch('ind')
    expect(country()).toHaveValue('IN')
    fireEvent.keyDown(search(), { key: 'Escape' })
    expect(search()).toHaveValue('')
    expect(country()).toHaveValue('DE')
    expect(screen.getAllByRole('option').length).toBe(countries.length)
    await pause()
    expect(status()).toHaveTextContent('Search cleared. Germany (+49) picked.')
  })

  it('drops what the search said once the holder picks from the list', async () => {
    renderPicker()
    typeSearch('united')
    await pause()
    fireEvent.change(country(), { target: { value: 'US' } })
    expect(country()).toHaveValue('US')
    await pause()
    expect(status()).toHaveTextContent(/^$/)
  })
})
