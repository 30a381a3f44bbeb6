/** The app's configuration, read from `import.meta.env` once and validated. */
import { parseConfig } from './defaults.ts'

/**
 * Validated build-time configuration; the only reader of `import.meta.env`, save one: the wallet
 * chunk reads `VITE_TEST_WALLET` itself, so the constant folds there and the test wallet is left
 * out of production (src/features/wallet/wallet-config.ts).
 */
export const config = parseConfig(import.meta.env)

/** True under the Vite dev server (`npm start`), where no service worker is built. */
export const isDevServer = import.meta.env.DEV
