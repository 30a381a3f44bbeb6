/**
 * The country of a phone number: a search field (by name or calling code) over a native select of
 * every country, so keyboards, screen readers and phones all know how to use it.
 */
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import type { CountryCode } from 'libphonenumber-js/mobile'
import { searchCountries, type Country } from './country-list.ts'

/** Props: the countries, the one picked, and what to do on a change or when the holder is done. */
export interface CountryPickerProps {
  countries: readonly Country[]
  region: CountryCode
  onRegionChange(region: CountryCode): void
  /** Enter in the search field: the choice is made (the number field takes the focus). */
  onDone(): void
}

/** What the search found, in words, for the live region under the field. */
function matchesText(query: string, matches: readonly Country[]): string {
  if (query.trim() === '') return ''
  const [only] = matches
  if (!only) return `No country matches “${query.trim()}”.`
  if (matches.length === 1) return `1 country: ${only.name}.`
  return `${matches.length} countries match.`
}

/**
 * Search and select. Searching picks the best match unless the country picked already matches,
 * so typing "viet" or "+84" is enough to choose Vietnam; a search that finds nothing goes back to
 * the country picked before it.
 */
export function CountryPicker({ countries, region, onRegionChange, onDone }: CountryPickerProps) {
  const [query, setQuery] = useState('')
  // The country picked before the search began: what a search that finds nothing leaves picked.
  const beforeSearch = useRef(region)
  const id = useId()
  const matches = useMemo(() => searchCountries(countries, query), [countries, query])
  const picked = countries.find((country) => country.region === region)
  // With nothing matching, the select keeps the picked country: its value is always an option.
  const shown = matches.length > 0 ? matches : picked ? [picked] : []

  function search(next: string) {
    if (query.trim() === '') beforeSearch.current = region
    setQuery(next)
    const found = searchCountries(countries, next)
    const [best] = found
    if (!best) {
      if (region !== beforeSearch.current) onRegionChange(beforeSearch.current)
    } else if (!found.some((country) => country.region === region)) {
      onRegionChange(best.region)
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return
    // Enter here chooses the country; it must not send the form.
    event.preventDefault()
    onDone()
  }

  return (
    <div className="country-picker">
      <label className="field">
        <span className="field__label">Search countries</span>
        <input
          className="input"
          type="search"
          name="country-search"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="done"
          placeholder="Name or code, like +84"
          value={query}
          onChange={(event) => search(event.target.value)}
          onKeyDown={onKeyDown}
          aria-controls={`${id}-country`}
          aria-describedby={`${id}-matches`}
        />
      </label>
      <p id={`${id}-matches`} className="country-picker__matches muted" role="status">
        {matchesText(query, matches)}
      </p>
      <label className="field">
        <span className="field__label">Country</span>
        <select
          id={`${id}-country`}
          className="input"
          name="country"
          value={region}
          onChange={(event) => {
            const next = shown.find((country) => country.region === event.target.value)
            if (next) onRegionChange(next.region)
          }}
        >
          {shown.map((country) => (
            <option key={country.region} value={country.region}>
              {country.name} (+{country.callingCode})
            </option>
          ))}
        </select>
      </label>
    </div>
  )
}
