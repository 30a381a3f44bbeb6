/**
 * The app's i18n runtime: Lingui's one instance, and each language's compiled catalog loaded on
 * demand, one chunk per language (the page preloads the visit's beside the start-up chunk).
 * English has none: its messages are in the code, compiled at build time (build/lingui.ts).
 */
import { i18n, type Messages } from '@lingui/core'
import type { Locale } from '../core/locale.ts'

export { i18n }

/** Each language's catalog, as its own chunk; English's is empty. */
const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => Promise.resolve({ messages: {} }),
  es: () => import('../locales/es.po'),
  'pt-BR': () => import('../locales/pt-BR.po'),
  fr: () => import('../locales/fr.po'),
  de: () => import('../locales/de.po'),
  ja: () => import('../locales/ja.po'),
}

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
  const { messages } = await catalogs[locale]()
  if (wanted !== locale) return false
  i18n.loadAndActivate({ locale, messages })
  return true
}
