/** Build: React, Lingui's catalogs, file-based routes, the PWA (manifest + injected worker), theme boot and CSP. */
import { readFileSync } from 'node:fs'
import { defineConfig, loadEnv } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa'
import { parseConfig, serviceWorkerMode, testTimingFlag } from './src/config/defaults.ts'
import { pageShell } from './build/page-shell.ts'
import { compileHints } from './build/compile-hints.ts'
import { sourceMapsAside } from './build/source-maps-aside.ts'
import { subresourceIntegrity } from './build/subresource-integrity.ts'
import { hosting } from './build/hosting/plugin.ts'
import { previewHosting } from './build/hosting/preview.ts'
import { linguiCatalogs, linguiMacros } from './build/lingui.ts'

/** manifest.webmanifest is the single source of the web app manifest. */
const manifest = JSON.parse(
  readFileSync('manifest.webmanifest', 'utf8'),
) as Partial<ManifestOptions>

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_')
  const config = parseConfig(env)
  const serviceWorker = serviceWorkerMode(env)
  return {
    // Short deadlines in the browser-test build only, folded in at build time (the worker's
    // build takes this `define` too; decision 027).
    define: {
      // The configuration as validated above, read by src/config/env.ts in production builds.
      __APP_CONFIG__: JSON.stringify(config),
      'import.meta.env.VITE_TEST_TIMING': JSON.stringify(testTimingFlag(env)),
      // The kill switch's build (decision 036), folded in so no other build carries it.
      'import.meta.env.VITE_SERVICE_WORKER': JSON.stringify(serviceWorker),
    },
    plugins: [
      // Lingui's macros compiled first, and each language's PO catalog compiled when imported.
      linguiMacros(),
      linguiCatalogs(),
      tanstackRouter({ target: 'react', autoCodeSplitting: true }),
      react(),
      pageShell(config, { prerender: '/src/app/prerender.tsx' }),
      // The start-up chunk compiled off the main thread while it downloads (decision 016).
      compileHints(),
      // Maps beside the site, never in it (decision 023); after the compile hint, which edits one.
      sourceMapsAside({ fresh: true }),
      // Every script and module preload of the page with its integrity, from the files written.
      subresourceIntegrity(),
      VitePWA({
        strategies: 'injectManifest',
        // The kill switch's build has a worker that only withdraws itself (sw/kill-switch).
        srcDir: serviceWorker === 'unregister' ? 'sw/kill-switch' : 'sw',
        filename: 'sw.ts',
        registerType: 'prompt',
        injectRegister: false,
        manifestFilename: 'manifest.webmanifest',
        manifest,
        injectManifest: {
          globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
          globIgnores: ['screenshots/**', 'og-image.png', '404.html'],
          // The worker is registered as a classic script: one self-contained IIFE file.
          rollupFormat: 'iife',
          // The kill switch's worker precaches nothing.
          injectionPoint: serviceWorker === 'unregister' ? undefined : 'self.__WB_MANIFEST',
          // The worker's map goes beside the site as well.
          buildPlugins: { vite: [sourceMapsAside({ fresh: false })] },
        },
        devOptions: { enabled: false },
      }),
      // How to serve the site, written once the worker is in it (decision 036).
      hosting(config),
      // `npm run preview` serves by the same rules.
      previewHosting(),
    ],
    build: {
      target: 'es2022',
      // Hidden: made for the error reporter's upload step, named by no script, kept out of the
      // site (decision 023).
      sourcemap: 'hidden',
      // One stylesheet, inlined into the page: the first-paint frames show every feature's screens
      // (the list's skeleton, the tap page, the wallet option), so each needs its styles before
      // any script runs, and no route waits for a stylesheet of its own (decision 012).
      cssCodeSplit: false,
      rollupOptions: {
        // viem's ox imports worker_threads on a Node-only path we never reach (nothing of it is
        // bundled); naming it external says so instead of a warning on every build.
        external: ['node:worker_threads'],
        output: {
          // Every module the entry needs at start in one chunk: one request and one compile
          // instead of a dozen small ones (each is also gzipped on its own, and so worse); what
          // loads later stays split by route and feature (decision 012).
          codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
        },
      },
    },
    server: { host: '127.0.0.1', port: 5173, strictPort: true },
    preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  }
})
