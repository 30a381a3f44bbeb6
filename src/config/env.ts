/** The app's configuration, read from `import.meta.env` once and validated. */
import { parseConfig, type AppConfig } from './defaults.ts'

/** The configuration the build validated (vite.config.ts `define`); production builds only. */
declare const __APP_CONFIG__: AppConfig

/**
 * Validated build-time configuration; the only reader of `import.meta.env`, save two flags read
 * where they fold at build time: the wallet chunk reads `VITE_TEST_WALLET`, so the test wallet is
 * left out of production (src/features/wallet/wallet-config.ts), and `timing.ts` reads
 * `VITE_TEST_TIMING`, so production keeps its deadlines. `VITE_SERVICE_WORKER` folds here too.
 */
export const config: AppConfig = import.meta.env.PROD
  ? // Validated once, by the build that failed on a bad value: the page and the worker carry
    // the result, not the validation (nor its messages), on their start-up path.
    __APP_CONFIG__
  : parseConfig(import.meta.env)

/** True under the Vite dev server (`npm start`), where no service worker is built. */
export const isDevServer = import.meta.env.DEV

/**
 * True in the kill switch's build (`npm run build:unregister`, `VITE_SERVICE_WORKER=unregister`,
 * checked by the build): its page registers no worker and runs the session itself. Folded at
 * build time (vite.config.ts `define`), so other builds carry no trace of it.
 */
export const workerWithdrawn = import.meta.env.VITE_SERVICE_WORKER === 'unregister'
