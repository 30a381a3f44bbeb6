import { afterEach, describe, expect, it, vi } from 'vitest'
import { LOCALES, SOURCE_LOCALE } from '../core/locale.ts'
import { activateLocale, i18n, loadCatalog } from './i18n.ts'

/** Holds Spanish's catalog back until the test lets it arrive. */
const spanish = vi.hoisted(() => {
  let arrive = () => {}
  const arrived = new Promise<void>((resolve) => (arrive = resolve))
  return { arrive, arrived }
})

vi.mock('../locales/es.po', async (importOriginal) => {
  await spanish.arrived
  return importOriginal()
})

afterEach(async () => {
  await activateLocale('en')
})

describe('activateLocale', () => {
  it('makes the language asked for last the one shown, whichever catalog arrives last', async () => {
    const first = activateLocale('es')
    await expect(activateLocale('de')).resolves.toBe(true)
    expect(i18n.locale).toBe('de')
    spanish.arrive()
    await expect(first).resolves.toBe(false)
    expect(i18n.locale).toBe('de')
    // Spanish, asked for again, is shown: its catalog did arrive.
    await expect(activateLocale('es')).resolves.toBe(true)
    expect(i18n.locale).toBe('es')
  })

  it('goes back to the current language when it is asked for while another loads', async () => {
    await activateLocale('fr')
    const german = activateLocale('de')
    await expect(activateLocale('fr')).resolves.toBe(true)
    await expect(german).resolves.toBe(false)
    expect(i18n.locale).toBe('fr')
  })
})

describe('loadCatalog', () => {
  it('loads each language of the list from its own catalog; English’s messages are in the code', async () => {
    spanish.arrive()
    expect(await loadCatalog(SOURCE_LOCALE)).toEqual({})
    const others = LOCALES.filter((locale) => locale !== SOURCE_LOCALE)
    const catalogs = await Promise.all(others.map(loadCatalog))
    for (const [index, messages] of catalogs.entries()) {
      expect(Object.keys(messages).length, others[index]).toBeGreaterThan(0)
    }
  })
})
