import { afterEach, describe, expect, it, vi } from 'vitest'
import { activateLocale, i18n } from './i18n.ts'

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
