/** Lingui: the app's catalogs, one PO file per language, extracted from `src` (decision 035). */
import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'
import { LOCALES, SOURCE_LOCALE } from './src/core/locale.ts'

/** A pseudo-language of the English messages, accented and longer: it finds text left outside. */
export const PSEUDO_LOCALE = 'pseudo'

export default defineConfig({
  sourceLocale: SOURCE_LOCALE,
  locales: [...LOCALES, PSEUDO_LOCALE],
  pseudoLocale: PSEUDO_LOCALE,
  fallbackLocales: { default: SOURCE_LOCALE },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.*', '**/*.test-support.*', '**/node_modules/**'],
    },
  ],
  // Origins without line numbers: a catalog changes when a message does, not when code moves.
  format: formatter({ lineNumbers: false }),
  orderBy: 'origin',
})
