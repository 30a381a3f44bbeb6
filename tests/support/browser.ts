/** Launches Debian's Chromium through playwright-core (never a downloaded browser). */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core'
import { scaled } from './deadline.ts'

/** Where CI and the README install Chromium (`apt-get install chromium`). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const LAUNCH_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
]

/** Starts headless Chromium with flags that work on machines without network or GPU. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: LAUNCH_ARGS,
    timeout: scaled(LAUNCH_TIMEOUT_MS),
  })
}

/** How long Chromium may take to start (Playwright's own default, 3 minutes: only a hang nears it). */
const LAUNCH_TIMEOUT_MS = 180_000

/**
 * How long an action, a locator's wait or a navigation that names no deadline may take: 30 s,
 * Playwright's own default, stretched by the run's speed factor.
 */
export const ACTION_TIMEOUT_MS = 30_000

/**
 * Gives `context` the stretched default deadlines (every context the tests open gets them:
 * `browserSuite`, `launchProfile`); returns it.
 */
export function withDeadlines<T extends BrowserContext>(context: T): T {
  context.setDefaultTimeout(scaled(ACTION_TIMEOUT_MS))
  context.setDefaultNavigationTimeout(scaled(ACTION_TIMEOUT_MS))
  return context
}

/**
 * A context over a real (temporary) profile: unlike the default incognito contexts, it can
 * install apps. `close()` also removes the profile.
 */
export async function launchProfile(): Promise<BrowserContext> {
  const dir = await mkdtemp(join(tmpdir(), 'iyk-profile-'))
  const context = withDeadlines(
    await chromium.launchPersistentContext(dir, {
      executablePath: CHROMIUM_PATH,
      args: LAUNCH_ARGS,
      timeout: scaled(LAUNCH_TIMEOUT_MS),
    }),
  )
  context.on('close', () => {
    // Chromium may still be flushing the profile; retry, and never fail a test over cleanup.
    rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }).catch(() => {})
  })
  return context
}

/** Console errors, page errors and failed requests seen by a page, for "no errors" checks. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  return errors
}

/** Context options shared by the browser tests. */
export const contextOptions: BrowserContextOptions = {
  viewport: { width: 1280, height: 800 },
}

/**
 * How long an active worker may take to claim the page before the page is reloaded (stretched).
 * Waiting longer costs nothing when the claim comes: it only delays the reload when it never does.
 */
const CLAIM_GRACE_MS = 3_000

/**
 * Waits until a service worker controls the page and has finished precaching. A page whose
 * load began while the first worker was still installing can miss that worker's
 * `clients.claim()` for good; a real holder's next page load is controlled, so the page is
 * reloaded once. Gives up after `timeoutMs` (stretched by the run's speed factor) with the
 * worker's state in the message.
 */
export async function waitForServiceWorker(page: Page, timeoutMs = 20_000): Promise<void> {
  const limit = scaled(timeoutMs)
  let outcome = await controlState(page, limit)
  if (outcome === 'active, not claimed') {
    await page.reload()
    outcome = await controlState(page, limit)
  }
  if (outcome !== 'controlled') throw new Error(outcome)
}

/** 'controlled', 'active, not claimed', or what the worker is doing after `timeoutMs`. */
function controlState(page: Page, timeoutMs: number): Promise<string> {
  return page.evaluate(
    async ({ timeout, grace }) => {
      const controlled = (async () => {
        await navigator.serviceWorker.ready
        if (navigator.serviceWorker.controller) return 'controlled'
        return new Promise<string>((resolve) => {
          navigator.serviceWorker.addEventListener(
            'controllerchange',
            () => resolve('controlled'),
            { once: true },
          )
          setTimeout(() => resolve('active, not claimed'), grace)
        })
      })()
      const late = new Promise<string>((resolve) =>
        setTimeout(async () => {
          const registration = await navigator.serviceWorker.getRegistration()
          const state = (worker?: ServiceWorker | null) => worker?.state ?? 'none'
          resolve(
            `no controlling worker after ${timeout} ms: installing ${state(registration?.installing)},` +
              ` waiting ${state(registration?.waiting)}, active ${state(registration?.active)},` +
              ` controller ${state(navigator.serviceWorker.controller)}`,
          )
        }, timeout),
      )
      return Promise.race([controlled, late])
    },
    { timeout: timeoutMs, grace: scaled(CLAIM_GRACE_MS) },
  )
}

/**
 * Waits until the live app has taken the place of the page's prerendered first-paint frame
 * (src/app/prerender.tsx), for checks of the app itself (axe, screenshots) rather than the frame.
 */
export async function appShown(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => document.getElementById('shell') === null && document.getElementById('root') !== null,
      undefined,
      { timeout: scaled(ACTION_TIMEOUT_MS) },
    )
    .catch((error: unknown) => {
      throw new Error(`the live app in place of the first-paint frame: ${String(error)}`)
    })
}
