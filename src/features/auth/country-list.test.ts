/** Every country with a numbering plan, named in the browser's language, found by name or code. */
import { getCountries } from 'libphonenumber-js/mobile'
import { afterEach, describe, expect, it } from 'vitest'
import { countryList, searchCountries } from './country-list.ts'

const displayNames = Intl.DisplayNames
afterEach(() => {
  Object.defineProperty(Intl, 'DisplayNames', { value: displayNames, configurable: true })
})

const regions = (found: readonly { region: string }[]) => found.map(({ region }) => region)

describe('countryList', () => {
  it('offers every country and territory the metadata knows, with its calling code', () => {
    const countries = countryList(['en-US'])
    expect(countries).toHaveLength(getCountries().length)
    expect(countries.length).toBeGreaterThan(240)
    expect(countries).toContainEqual(
      expect.objectContaining({ region: 'VN', name: 'Vietnam', callingCode: '84' }),
    )
    expect(countries).toContainEqual(
      expect.objectContaining({ region: 'CO', name: 'Colombia', callingCode: '57' }),
    )
  })

  it('names and sorts the countries in the browser’s language', () => {
    const countries = countryList(['de-DE'])
    expect(countries.find(({ region }) => region === 'US')?.name).toBe('Vereinigte Staaten')
    const names = countries.map(({ name }) => name)
    expect(names.indexOf('Österreich')).toBeLessThan(names.indexOf('Polen'))
  })

  it('shows the region code where the browser cannot name countries', () => {
    Object.defineProperty(Intl, 'DisplayNames', { value: undefined, configurable: true })
    const countries = countryList(['en-US'])
    expect(countries.find(({ region }) => region === 'VN')?.name).toBe('VN')
    expect(regions(searchCountries(countries, 'vn'))).toEqual(['VN'])
  })

  it('survives a language tag Intl cannot read', () => {
    expect(countryList(['not a tag']).find(({ region }) => region === 'FR')?.name).toBe('France')
  })
})

describe('searchCountries', () => {
  const countries = countryList(['en-US'])

  it('finds a country by the start of its name, any case, or a word in it', () => {
    expect(regions(searchCountries(countries, 'viet'))).toEqual(['VN'])
    expect(regions(searchCountries(countries, 'COLOM'))).toEqual(['CO'])
    expect(regions(searchCountries(countries, 'kingdom'))).toEqual(['GB'])
  })

  it('ignores accents, and finds an English name in another language', () => {
    expect(regions(searchCountries(countries, 'cote'))).toEqual(['CI'])
    const german = countryList(['de'])
    expect(regions(searchCountries(german, 'vereinigte s'))).toEqual(['US'])
    expect(regions(searchCountries(german, 'united states'))).toContain('US')
  })

  it('finds countries by calling code, with or without +, the main country first', () => {
    expect(regions(searchCountries(countries, '84'))[0]).toBe('VN')
    expect(regions(searchCountries(countries, '+84'))[0]).toBe('VN')
    expect(regions(searchCountries(countries, '+1'))[0]).toBe('US')
    expect(regions(searchCountries(countries, '+1'))).toContain('CA')
    expect(regions(searchCountries(countries, '44')).slice(0, 1)).toEqual(['GB'])
    expect(regions(searchCountries(countries, '+7'))[0]).toBe('RU')
  })

  it('finds a calling code typed in Arabic-Indic or Persian digits', () => {
    expect(regions(searchCountries(countries, '+٨٤'))[0]).toBe('VN')
    expect(regions(searchCountries(countries, '٢٠'))[0]).toBe('EG')
    expect(regions(searchCountries(countries, '۹۸'))[0]).toBe('IR')
  })

  it('puts a name starting with the query before a word in a name starting with it', () => {
    expect(regions(searchCountries(countries, 'ind'))).toEqual(['IN', 'ID', 'IO'])
  })

  it('puts names starting with the query before names containing it', () => {
    const found = regions(searchCountries(countries, 'ma'))
    expect(found).toContain('PA')
    expect(found.indexOf('MY')).toBeLessThan(found.indexOf('PA'))
  })

  it('finds nothing for nonsense, and everything for nothing', () => {
    expect(searchCountries(countries, 'zzzz')).toEqual([])
    expect(searchCountries(countries, '  ')).toHaveLength(countries.length)
  })
})
