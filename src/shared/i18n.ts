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

/** Loads `locale`'s catalog (once) and makes it the language every message is read in. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (i18n.locale === locale) return
  const { messages } = await catalogs[locale]()
  i18n.loadAndActivate({ locale, messages })
}
