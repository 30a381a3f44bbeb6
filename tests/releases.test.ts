/**
 * Releases one after another on one host: a tab whose lazy chunks the host no longer has (its
 * deployer replaced the whole site) reloads once onto the release the host serves, while a chunk
 * missing from the release the tab runs (a broken deploy) makes no reload of ours; and the kill
 * switch (`npm run build:unregister`), deployed over a release with a holder signed in, replaces
 * the worker, deletes every cache, unregisters itself and reloads the window onto a page that
 * registers no worker, where the holder is still signed in (the page runs the session from
 * IndexedDB) and stays so across a reload. The kill switch's build is the other release of the
 * first two tests: every chunk that imports its start-up chunk has another name in it.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hostingDir } from '../build/hosting/plugin.ts'
import { STALE_CHUNK_RELOAD_KEY } from '../src/app/stale-chunks.ts'
import { browserSuite } from './support/browser-suite.ts'
import { openSignedIn } from './support/holder.ts'
import { buildRelease, startReleaseHost, type ReleaseHost } from './support/release-host.ts'
import { expectEventsHome } from './support/stack.ts'
import { distDir } from './support/test-stack.ts'
import { scaled } from './support/deadline.ts'

const suite = browserSuite()
let host: ReleaseHost
let killSwitch = ''

beforeAll(async () => {
  killSwitch = await mkdtemp(join(tmpdir(), 'iyk-kill-switch-'))
  await buildRelease(killSwitch, { env: { VITE_SERVICE_WORKER: 'unregister' } })
  host = await startReleaseHost()
}, scaled(120_000))

afterAll(async () => {
  await host.close()
  await rm(killSwitch, { recursive: true, force: true })
  await rm(hostingDir(killSwitch), { recursive: true, force: true })
})

/** The start-up chunk a page runs (its module preload). */
const startUpChunk = (page: Page) =>
  page.evaluate(() => document.querySelector('link[rel="modulepreload"]')?.getAttribute('href'))

/** The chunk named `name` of the release in `dir` (`phone-step`, `auth.email`), as a site path. */
async function chunk(dir: string, name: string): Promise<string> {
  const file = (await readdir(join(dir, 'assets'))).find(
    (candidate) => candidate.startsWith(`${name}-`) && candidate.endsWith('.js'),
  )
  if (!file) throw new Error(`No ${name} chunk in ${dir}`)
  return `assets/${file}`
}

describe('a lazy chunk the host does not have', () => {
  /** A page of a context with no worker (whose precache would serve its release's chunks). */
  async function openCounting(path: string): Promise<{ page: Page; loads: () => number }> {
    const context = await suite.newContext({ serviceWorkers: 'block' })
    const page = await context.newPage()
    let loads = 0
    page.on('load', () => (loads += 1))
    await page.goto(host.url + path)
    return { page, loads: () => loads }
  }

  /** Waits until the app has replaced the page's first-paint frame (whose buttons do nothing). */
  const appTookOver = (page: Page) =>
    expect
      .poll(() => page.locator('#shell').count(), {
        message: 'the app in place of the first-paint frame',
        timeout: scaled(20_000),
      })
      .toBe(0)

  it('reloads the tab once onto the release the host now serves', async () => {
    await host.deploy(distDir)
    const { page, loads } = await openCounting('/auth/email')
    await appTookOver(page)
    // The page's own deferred start-up (its session host, loaded once it is idle) is done: the
    // chunk that goes missing is the one the holder asks for next.
    await page.waitForLoadState('networkidle')
    const before = await startUpChunk(page)
    expect(await chunk(killSwitch, 'phone-step')).not.toBe(await chunk(distDir, 'phone-step'))
    await host.deploy(killSwitch, { keepAssets: false })

    // The text-message step is a lazy part of the sign-in page (not a route): its chunk is gone.
    await page.getByRole('button', { name: 'Text me a code instead' }).click()
    await expect
      .poll(() => startUpChunk(page).catch(() => before), {
        message: 'the other release’s page, after one reload',
        timeout: scaled(20_000),
      })
      .not.toBe(before)
    await appTookOver(page)
    expect(loads()).toBe(2)
    // The new release's text-message step loads.
    await appTookOver(page)
    const instead = page.getByRole('button', { name: 'Text me a code instead' })
    if (await instead.isVisible()) await instead.click()
    await page.getByRole('button', { name: 'Text me a code' }).waitFor({ timeout: scaled(20_000) })
    expect(loads()).toBe(2)
  })

  it('makes no reload of its own when the release the tab runs lacks it', async () => {
    await host.deploy(distDir)
    await host.remove(await chunk(distDir, 'auth.email'))
    const { page } = await openCounting('/')
    await page.getByRole('link', { name: 'Sign in' }).first().click()
    await page
      .getByRole('heading', { name: 'Something went wrong' })
      .waitFor({ timeout: scaled(20_000) })
    // The check asked the host, which still serves this release.
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            performance
              .getEntriesByType('resource')
              .some(
                (entry) =>
                  entry.name.includes('/index.html?release=') &&
                  (entry as PerformanceResourceTiming).responseEnd > 0,
              ),
          ),
        { message: 'the host’s page fetched for the release check' },
      )
      .toBe(true)
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))
    // (The router itself reloads once for a route whose chunk is missing; that is its own.)
    expect(
      await page.evaluate((key) => sessionStorage.getItem(key), STALE_CHUNK_RELOAD_KEY),
    ).toBeNull()
    expect(await page.getByRole('heading', { name: 'Something went wrong' }).isVisible()).toBe(true)
  })
})

/** What the page's origin holds of a worker: registrations, a controller, caches. */
const workerTraces = (page: Page) =>
  page.evaluate(async () => ({
    registrations: (await navigator.serviceWorker.getRegistrations()).length,
    controlled: navigator.serviceWorker.controller !== null,
    caches: await caches.keys(),
  }))

it('the kill switch withdraws the worker and its caches, and the holder stays signed in', async () => {
  await host.deploy(distDir)
  const context = await suite.newContext()
  const { page } = await openSignedIn(context, undefined, host.url)
  expect((await workerTraces(page)).caches.length).toBeGreaterThan(0)

  await host.deploy(killSwitch)
  // The browser's next update check (an hour, a return to the app, or a navigation) finds it.
  const reloaded = page.waitForEvent('load', { timeout: scaled(30_000) })
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update()
  })
  await reloaded
  await expect
    .poll(() => workerTraces(page).catch(() => null), {
      message: 'no worker registered or in control, and no cache left',
      timeout: scaled(20_000),
    })
    .toEqual({ registrations: 0, controlled: false, caches: [] })
  await expectEventsHome(page)

  await page.reload()
  await expectEventsHome(page)
  expect(await workerTraces(page)).toEqual({ registrations: 0, controlled: false, caches: [] })
})
