/**
 * The country of a phone number: a search field (by name or calling code) over a native select of
 * every country, so keyboards, screen readers and phones all know how to use it.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import type { CountryCode } from 'libphonenumber-js/mobile'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { searchCountries, type Country } from './country-list.ts'

/** Props: the countries, the one picked, and what to do on a change or when the holder is done. */
export interface CountryPickerProps {
  countries: readonly Country[]
  region: CountryCode
  onRegionChange(region: CountryCode): void
  /** Enter in the search field: the choice is made (the number field takes the focus). */
  onDone(): void
}

/**
 * How long the search waits after the last keystroke before it says what it found: a screen reader
 * would otherwise start a sentence per key and be cut off by the next.
 */
export const ANNOUNCE_AFTER_MS = 400

/**
 * Search and select. Searching picks the best match unless the country picked already matches,
 * so typing "viet" or "+84" is enough to choose Vietnam; a search that finds nothing, or Escape,
 * goes back to the country picked before it. What the search found and picked is said once the
 * holder pauses.
 */
export function CountryPicker({ countries, region, onRegionChange, onDone }: CountryPickerProps) {
  const { t } = useLingui()
  const [query, setQuery] = useState('')
  const [announcement, setAnnouncement] = useState('')
  // The country picked before the search began: what a search that finds nothing leaves picked.
  const beforeSearch = useRef(region)
  const announcing = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(announcing.current), [])
  const id = useId()
  const matches = useMemo(() => searchCountries(countries, query), [countries, query])
  const countryOf = (code: CountryCode) => countries.find((country) => country.region === code)
  const picked = countryOf(region)
  // With nothing matching, the select keeps the picked country: its value is always an option.
  const shown = matches.length > 0 ? matches : picked ? [picked] : []

  /** What a search for `typed` found and which country that left picked, for the live region. */
  function outcomeText(typed: string, found: readonly Country[], chosen: Country | undefined) {
    const searched = typed.trim()
    const count = found.length
    if (!chosen) {
      if (searched === '') return t`Search cleared.`
      if (count === 0) return t`No country matches “${searched}”.`
      return t`${plural(count, { one: '# country matches.', other: '# countries match.' })}`
    }
    const { name: country, callingCode } = chosen
    if (searched === '') return t`Search cleared. ${country} (+${callingCode}) picked.`
    if (count === 0) {
      return t`No country matches “${searched}”. ${country} (+${callingCode}) picked.`
    }
    return t`${plural(count, {
      one: `# country matches; ${country} (+${callingCode}) picked.`,
      other: `# countries match; ${country} (+${callingCode}) picked.`,
    })}`
  }

  function announce(text: string) {
    clearTimeout(announcing.current)
    announcing.current = setTimeout(() => setAnnouncement(text), ANNOUNCE_AFTER_MS)
  }

  function search(next: string) {
    if (query.trim() === '') beforeSearch.current = region
    setQuery(next)
    const found = searchCountries(countries, next)
    const [best] = found
    let chosen = region
    if (!best) chosen = beforeSearch.current
    else if (!found.some((country) => country.region === region)) chosen = best.region
    if (chosen !== region) onRegionChange(chosen)
    announce(outcomeText(next, found, countryOf(chosen)))
  }

  function clearSearch() {
    setQuery('')
    const restored = beforeSearch.current
    if (restored !== region) onRegionChange(restored)
    announce(outcomeText('', countries, countryOf(restored)))
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      // Enter here chooses the country; it must not send the form.
      event.preventDefault()
      onDone()
    } else if (event.key === 'Escape' && query !== '') {
      // Undoes the search, picked country and all (the browser's own clearing would keep it).
      event.preventDefault()
      clearSearch()
    }
  }

  return (
    <div className="country-picker">
      <label className="field">
        <span className="field__label">
          <Trans>Search countries</Trans>
        </span>
        <input
          className="input"
          type="search"
          name="country-search"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="done"
          placeholder={t({
            message: `Name or code, like +84`,
            comment: 'Placeholder of the country search: a country’s name or calling code',
          })}
          value={query}
          onChange={(event) => search(event.target.value)}
          onKeyDown={onKeyDown}
          aria-controls={`${id}-country`}
        />
      </label>
      {/* A live region only, not the field's description too: it would be read twice. */}
      <p className="country-picker__matches muted" role="status">
        {announcement}
      </p>
      <label className="field">
        <span className="field__label">
          <Trans>Country</Trans>
        </span>
        <select
          id={`${id}-country`}
          className="input"
          name="country"
          value={region}
          onChange={(event) => {
            const next = shown.find((country) => country.region === event.target.value)
            if (!next) return
            onRegionChange(next.region)
            // The select says what it picked; what the search picked no longer holds.
            clearTimeout(announcing.current)
            setAnnouncement('')
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
