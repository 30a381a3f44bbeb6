/** Build: React, file-based routes, the PWA (manifest + injected worker), theme boot and CSP. */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { defineConfig, loadEnv, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa'
import {
  absoluteShareUrls,
  connectOrigins,
  parseConfig,
  type AppConfig,
} from './src/config/defaults.ts'
import { themeBootScript } from './src/features/theme/theme.ts'

/** manifest.webmanifest is the single source of the web app manifest. */
const manifest = JSON.parse(
  readFileSync('manifest.webmanifest', 'utf8'),
) as Partial<ManifestOptions>

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64')

/** Content Security Policy for the built page: no inline script except the hashed theme boot. */
export function contentSecurityPolicy(config: AppConfig, scriptHashes: string[]): string {
  const connect = connectOrigins(config)
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.map((hash) => `'sha256-${hash}'`).join(' ')}`,
    "style-src 'self'",
    `img-src 'self' data: blob: ${config.imageOrigins.join(' ')}`,
    "font-src 'self'",
    `connect-src 'self' ${connect.join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ')
}

/**
 * Inlines the theme boot script and makes share-preview URLs absolute (dev and build); in builds,
 * adds the CSP meta tag.
 */
function pageShell(config: AppConfig): Plugin {
  let isBuild = false
  return {
    name: 'iyk:page-shell',
    configResolved(resolved) {
      isBuild = resolved.command === 'build'
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const withBoot = absoluteShareUrls(
          html.replace('<!-- theme-boot -->', `<script>${themeBootScript}</script>`),
          config.siteUrl,
        )
        if (!isBuild) return withBoot
        const csp = contentSecurityPolicy(config, [sha256(themeBootScript)])
        return withBoot.replace(
          '<!-- csp -->',
          `<meta http-equiv="Content-Security-Policy" content="${csp}" />`,
        )
      },
    },
  }
}

export default defineConfig(({ mode }) => {
  const config = parseConfig(loadEnv(mode, process.cwd(), 'VITE_'))
  return {
    plugins: [
      tanstackRouter({ target: 'react', autoCodeSplitting: true }),
      react(),
      pageShell(config),
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'sw',
        filename: 'sw.ts',
        registerType: 'prompt',
        injectRegister: false,
        manifestFilename: 'manifest.webmanifest',
        manifest,
        injectManifest: {
          globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
          globIgnores: ['screenshots/**', 'og-image.png'],
        },
        devOptions: { enabled: false },
      }),
    ],
    build: { target: 'es2022', sourcemap: true },
    server: { host: '127.0.0.1', port: 5173, strictPort: true },
    preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  }
})
