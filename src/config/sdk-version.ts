/**
 * The installed provider SDK's version, from its package.json at build time (Vite keeps only this
 * field). The package's `exports` map hides `package.json`, hence the path through node_modules.
 */
import { version } from '../../node_modules/@stytch/vanilla-js/package.json'

/** E.g. "6.3.0"; the worker's provider calls report it as the SDK would. */
export const STYTCH_SDK_VERSION: string = version
