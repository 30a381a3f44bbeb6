/**
 * The kill switch (`npm run build:unregister`), for the day a release must be withdrawn: deployed
 * over a release with a holder signed in, it replaces the worker, deletes every cache, unregisters
 * itself and reloads the window onto a page that registers no worker, where the holder is still
 * signed in (the page runs the session from IndexedDB) and stays so across a reload.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { hostingDir } from '../build/hosting/plugin.ts'
import { waitForServiceWorker } from './support/browser.ts'
import { browserSuite } from './support/browser-suite.ts'
import { buildRelease, startReleaseHost, type ReleaseHost } from './support/release-host.ts'
import { expectEventsHome, signInWithCode } from './support/stack.ts'
import { distDir } from './support/test-stack.ts'

const suite = browserSuite()
let host: ReleaseHost
let killSwitch = ''

beforeAll(async () => {
  killSwitch = await mkdtemp(join(tmpdir(), 'iyk-kill-switch-'))
  await buildRelease(killSwitch, { env: { VITE_SERVICE_WORKER: 'unregister' } })
  host = await startReleaseHost()
}, 120_000)

afterAll(async () => {
  await host.close()
  await rm(killSwitch, { recursive: true, force: true })
  await rm(hostingDir(killSwitch), { recursive: true, force: true })
})

/** What the page's origin holds of a worker: registrations, a controller, caches. */
const workerTraces = (page: Page) =>
  page.evaluate(async () => ({
    registrations: (await navigator.serviceWorker.getRegistrations()).length,
    controlled: navigator.serviceWorker.controller !== null,
    caches: await caches.keys(),
  }))

it('withdraws the worker and its caches, and the holder stays signed in', async () => {
  await host.deploy(distDir)
  const context = await suite.newContext()
  const page = await context.newPage()
  await page.goto(host.url + '/')
  await waitForServiceWorker(page)
  await signInWithCode(page, undefined, '/auth/email', host.url)
  await page.waitForURL(host.url + '/')
  await expectEventsHome(page)
  expect((await workerTraces(page)).caches.length).toBeGreaterThan(0)

  await host.deploy(killSwitch)
  // The browser's next update check (an hour, a return to the app, or a navigation) finds it.
  const reloaded = page.waitForEvent('load', { timeout: 30_000 })
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update()
  })
  await reloaded
  await expect
    .poll(() => workerTraces(page).catch(() => null), {
      message: 'no worker registered or in control, and no cache left',
      timeout: 20_000,
    })
    .toEqual({ registrations: 0, controlled: false, caches: [] })
  await expectEventsHome(page)

  await page.reload()
  await expectEventsHome(page)
  expect(await workerTraces(page)).toEqual({ registrations: 0, controlled: false, caches: [] })
})
