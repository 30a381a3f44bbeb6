/** Captures the install-prompt screenshots in public/screenshots/ from the production build in dist/. */
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { preview } from 'vite'

const ROOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const DIST_DIR = join(ROOT_DIR, 'dist')
const OUT_DIR = join(ROOT_DIR, 'public', 'screenshots')

/** One screenshot: the CSS viewport, the device pixel ratio and the manifest form factor it serves. */
type Shot = {
  file: string
  formFactor: 'narrow' | 'wide'
  label: string
  viewport: { width: number; height: number }
  scale: number
}

const SHOTS: readonly Shot[] = [
  {
    file: 'narrow.png',
    formFactor: 'narrow',
    label: 'Your event cards on a phone',
    viewport: { width: 390, height: 844 },
    scale: 2,
  },
  {
    file: 'wide.png',
    formFactor: 'wide',
    label: 'Your event cards on a desktop',
    viewport: { width: 1280, height: 800 },
    scale: 1,
  },
]

/** The manifest `screenshots` entries matching the files this script writes (sizes in device pixels). */
export const MANIFEST_SCREENSHOTS = SHOTS.map((shot) => ({
  src: `/screenshots/${shot.file}`,
  sizes: `${shot.viewport.width * shot.scale}x${shot.viewport.height * shot.scale}`,
  type: 'image/png',
  form_factor: shot.formFactor,
  label: shot.label,
}))

/** Chromium flags for a quiet, offline-friendly headless run against the system browser. */
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
]

/** Serves dist/ with Vite's preview server and captures every shot in the dark theme. */
async function main(): Promise<void> {
  if (!existsSync(join(DIST_DIR, 'index.html'))) {
    console.error(`No production build at ${relative(ROOT_DIR, DIST_DIR)}/index.html.`)
    console.error('Run `npm run build` first, then `npm run assets:screenshots` again.')
    process.exitCode = 1
    return
  }
  await mkdir(OUT_DIR, { recursive: true })

  const server = await preview({
    root: ROOT_DIR,
    logLevel: 'warn',
    build: { outDir: DIST_DIR },
    preview: { port: 0, open: false },
  })
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  })
  try {
    const { port } = server.httpServer.address() as AddressInfo
    const url = `http://localhost:${port}/`
    for (const shot of SHOTS) {
      const context = await browser.newContext({
        viewport: shot.viewport,
        deviceScaleFactor: shot.scale,
        colorScheme: 'dark',
        // A service worker would cache this throwaway origin and could answer with stale files.
        serviceWorkers: 'block',
      })
      await context.addInitScript(() => localStorage.setItem('theme', 'dark'))
      const page = await context.newPage()
      await page.goto(url, { waitUntil: 'networkidle' })
      await page.evaluate(async () => {
        await document.fonts.ready
      })
      const path = join(OUT_DIR, shot.file)
      await page.screenshot({ path, animations: 'disabled', caret: 'hide' })
      await context.close()
      const { width, height } = shot.viewport
      console.log(
        `${relative(ROOT_DIR, path).padEnd(32)} ${width * shot.scale}x${height * shot.scale}`,
      )
    }
  } finally {
    await browser.close()
    await server.close()
  }

  console.log('\nmanifest.webmanifest "screenshots":')
  console.log(JSON.stringify(MANIFEST_SCREENSHOTS, null, 2))
}

await main()
