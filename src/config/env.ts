/** The app's configuration, read from `import.meta.env` once and validated. */
import { parseConfig } from './defaults.ts'

/** Validated build-time configuration; the only reader of `import.meta.env`. */
export const config = parseConfig(import.meta.env)

/** True under the Vite dev server (`npm start`), where no service worker is built. */
export const isDevServer = import.meta.env.DEV

/**
 * True only in the browser-test build (`VITE_TEST_WALLET=on`, set by tests/setup/servers.ts):
 * the key-backed test wallet exists nowhere else, whatever a page's storage holds.
 */
export const testWalletEnabled = import.meta.env.VITE_TEST_WALLET === 'on'
