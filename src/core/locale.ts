/**
 * The app's languages and how one is chosen: the holder's choice when they made one, else the best
 * match among the browser's languages, else English. Shared by the page (features/language), the
 * catalogs' configuration (lingui.config.ts) and the build's boot script, which must agree before
 * any bundle runs.
 */

/**
 * The languages the app speaks, English (the source) first, each with its name in itself as a
 * picker lists it. The one list of them: the picker, the boot script, the catalogs' configuration,
 * their loaders (src/shared/i18n.ts) and the prerendered frames with their rules
 * (src/app/prerender.tsx) all read it, so a language is added here, with its catalog
 * (`src/locales/<tag>.po`, which `npm run i18n:extract` writes).
 */
export const LOCALE_NAMES = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  fr: 'Français',
  de: 'Deutsch',
  ja: '日本語',
} as const satisfies Readonly<Record<string, string>>

/** One of the app's languages, as a BCP 47 tag (also `<html lang>`). */
export type Locale = keyof typeof LOCALE_NAMES

/** The languages the app speaks, English (the source) first: the keys of `LOCALE_NAMES`. */
export const LOCALES = Object.keys(LOCALE_NAMES) as readonly Locale[]

/** The language of the source messages, and of a browser that prefers none of ours. */
export const SOURCE_LOCALE: Locale = 'en'

/** localStorage key holding the holder's choice: kept on the device, like the theme. */
export const LOCALE_STORAGE_KEY = 'locale'

/** Whether `value` (from storage, a URL or a form) names one of the app's languages. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/**
 * The language to show, of `locales` (the first is the fallback): the `stored` choice when it is
 * one of them, else the first of the browser's `preferred` tags (navigator.languages, best first)
 * that is one exactly, or whose language is (`es-MX` → `es`, `pt-PT` and `pt` → `pt-BR`, `ja-JP`
 * → `ja`); else the fallback. Tags compare case-insensitively, `_` as `-`. The boot script runs it
 * inline before first paint, so it uses nothing but its parameters (src/core/inline-script.ts).
 */
export function pickLocale<L extends string>(
  stored: string | null,
  preferred: readonly unknown[],
  locales: readonly L[],
): L {
  const found = locales.find((locale) => locale === stored)
  if (found !== undefined) return found
  for (const tag of preferred) {
    if (typeof tag !== 'string') continue
    const wanted = tag.trim().replace(/_/g, '-').toLowerCase()
    const exact = locales.find((locale) => locale.toLowerCase() === wanted)
    if (exact !== undefined) return exact
    const language = wanted.split('-')[0]
    const same = locales.find((locale) => locale.toLowerCase().split('-')[0] === language)
    if (same !== undefined) return same
  }
  return locales[0] as L
}

/** The app's language for this device: its stored choice, else the browser's best match. */
export const chosenLocale = (stored: string | null, preferred: readonly unknown[]): Locale =>
  pickLocale(stored, preferred, LOCALES)
