/**
 * The device's language: `<html lang>`, which the boot script set before first paint from the
 * holder's choice or the browser's languages, and the switch that changes it and keeps the choice
 * on the device (like the theme: it is not the holder's data, and survives sign-out).
 */
import { chosenLocale, isLocale, LOCALE_STORAGE_KEY, type Locale } from '../../core/locale.ts'
import { activateLocale } from '../../shared/i18n.ts'

/** The stored choice, or null when none is stored or storage is blocked. */
function storedChoice(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY)
  } catch {
    return null
  }
}

/** The page's language: `<html lang>` when the boot script set one of ours, else the same rule. */
export function deviceLocale(): Locale {
  const lang = document.documentElement.lang
  return isLocale(lang) ? lang : chosenLocale(storedChoice(), navigator.languages)
}

/**
 * Starts the app in the device's language: its catalog (already on its way, preloaded by the
 * boot script), else English's should that one fail to load.
 */
export async function startInDeviceLocale(): Promise<void> {
  const locale = deviceLocale()
  try {
    await activateLocale(locale)
  } catch (error) {
    if (locale === 'en') throw error
    await activateLocale('en')
    document.documentElement.lang = 'en'
  }
}

/**
 * Shows the app in `locale` from now on, and remembers it on this device; storage failures
 * (private mode, quota) only lose the memory. Resolves false, changing nothing, when another
 * language was chosen while this one loaded: the last choice wins.
 */
export async function switchLocale(locale: Locale): Promise<boolean> {
  if (!(await activateLocale(locale))) return false
  document.documentElement.lang = locale
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale)
  } catch {
    // The choice still applies to this page.
  }
  return true
}
