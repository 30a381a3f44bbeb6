/** A PO catalog, imported: Lingui's Vite plugin compiles it to its messages at build time. */
declare module '*.po' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}

/**
 * Each language's catalog loader by its tag, but English's (its messages are in the code): written
 * by build/lingui.ts from the app's languages (src/core/locale.ts).
 */
declare module 'virtual:catalogs' {
  import type { Messages } from '@lingui/core'
  const catalogs: Readonly<Partial<Record<string, () => Promise<{ messages: Messages }>>>>
  export default catalogs
}
