/**
 * The language boot script, run inline before first paint: it sets `<html lang>` to the device's
 * language (the holder's choice, else the browser's best match; src/core/locale.ts) and starts
 * loading that language's catalog beside the start-up chunk, so the app's first render waits for
 * neither. Written as a function of its parameters and the page's globals only
 * (src/core/inline-script.ts).
 */
import { inlineScript } from '../src/core/inline-script.ts'
import { LOCALE_STORAGE_KEY, LOCALES, pickLocale } from '../src/core/locale.ts'

/**
 * Sets the page's language with `pick` (the app's rule) and preloads its catalog, when the build
 * named one (`catalogs`: each language's catalog chunk, as a path on the site).
 */
export function bootLocale(
  pick: typeof pickLocale,
  storageKey: string,
  locales: readonly string[],
  catalogs: Readonly<Record<string, string>>,
): void {
  let stored: string | null = null
  try {
    stored = localStorage.getItem(storageKey)
  } catch {
    // Blocked storage: the browser's languages decide.
  }
  const preferred = Array.isArray(navigator.languages) ? navigator.languages : [navigator.language]
  const locale = pick(stored, preferred, locales)
  document.documentElement.lang = locale
  const catalog = catalogs[locale]
  if (catalog === undefined) return
  const link = document.createElement('link')
  link.rel = 'modulepreload'
  link.crossOrigin = ''
  link.href = catalog
  document.head.appendChild(link)
}

/** The script as it goes into the page, with the built catalogs' paths (none in dev). */
export const localeBootScript = (catalogs: Readonly<Record<string, string>> = {}) =>
  inlineScript(bootLocale, pickLocale, LOCALE_STORAGE_KEY, LOCALES, catalogs)
