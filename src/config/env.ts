/** The app's configuration, read from `import.meta.env` once and validated. */
import { parseConfig } from './defaults.ts'

/**
 * Validated build-time configuration; the only reader of `import.meta.env`, save two flags read
 * where they fold at build time: the wallet chunk reads `VITE_TEST_WALLET`, so the test wallet is
 * left out of production (src/features/wallet/wallet-config.ts), and `timing.ts` reads
 * `VITE_TEST_TIMING`, so production keeps its deadlines.
 */
export const config = parseConfig(import.meta.env)

/** True under the Vite dev server (`npm start`), where no service worker is built. */
export const isDevServer = import.meta.env.DEV
