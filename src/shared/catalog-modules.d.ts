/** A PO catalog, imported: Lingui's Vite plugin compiles it to its messages at build time. */
declare module '*.po' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
