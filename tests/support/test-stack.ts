/**
 * The URLs of the stack a browser-test file runs against: the production build's static server,
 * the provider and cards stand-ins and the error sink (started by `tests/setup/servers.ts`).
 */
import { inject } from 'vitest'

export const appUrl = inject('appUrl')
export const providerUrl = inject('providerUrl')
export const cardsUrl = inject('cardsUrl')
export const sinkUrl = inject('sinkUrl')
export const distDir = inject('distDir')
