/**
 * The app's i18n runtime: Lingui's one instance, and each language's compiled catalog loaded on
 * demand, one chunk per language (the page preloads the visit's beside the start-up chunk), by the
 * loaders build/lingui.ts writes from the app's languages. English has none: its messages are in
 * the code, compiled at build time (build/lingui.ts).
 */
import { i18n, type Messages } from '@lingui/core'
import catalogs from 'virtual:catalogs'
import type { Locale } from '../core/locale.ts'

export { i18n }

/** `locale`'s messages, from its catalog; none for English, whose messages are in the code. */
export const loadCatalog = async (locale: Locale): Promise<Messages> =>
  (await catalogs[locale]?.())?.messages ?? {}

/** The language asked for last: the one that wins, whichever catalog arrives last. */
let wanted: Locale | null = null

/**
 * Loads `locale`'s catalog and makes it the language every message is read in, unless another
 * language was asked for while it loaded: the last one asked for wins. Resolves true when
 * `locale` is the language now, false when a later request took its place.
 */
export async function activateLocale(locale: Locale): Promise<boolean> {
  wanted = locale
  if (i18n.locale === locale) return true
  const messages = await loadCatalog(locale)
  if (wanted !== locale) return false
  i18n.loadAndActivate({ locale, messages })
  return true
}
