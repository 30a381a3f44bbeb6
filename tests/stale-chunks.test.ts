/**
 * A tab left on a release whose lazy chunks the host no longer has (its deployer replaced the
 * whole site) reloads once onto the release the host serves; a chunk missing from the release the
 * tab runs (a broken deploy) shows the error screen and reloads nothing. No worker here: with one,
 * the chunks of the release a tab runs come from its precache.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { hostingDir } from '../build/hosting/plugin.ts'
import { browserSuite } from './support/browser-suite.ts'
import { buildRelease, startReleaseHost, type ReleaseHost } from './support/release-host.ts'
import { distDir } from './support/test-stack.ts'

const suite = browserSuite()
let host: ReleaseHost
/** Another release: every chunk that imports the start-up chunk has another name in it. */
let next = ''

beforeAll(async () => {
  next = await mkdtemp(join(tmpdir(), 'iyk-next-release-'))
  await buildRelease(next, { env: { VITE_SITE_URL: 'https://next.cards.example' } })
  host = await startReleaseHost()
}, 120_000)

afterAll(async () => {
  await host.close()
  await rm(next, { recursive: true, force: true })
  await rm(hostingDir(next), { recursive: true, force: true })
})

/** A page of a context with no service worker, counting its loads. */
async function openCounting(path: string): Promise<{ page: Page; loads: () => number }> {
  const context = await suite.newContext({ serviceWorkers: 'block' })
  const page = await context.newPage()
  let loads = 0
  page.on('load', () => (loads += 1))
  await page.goto(host.url + path)
  return { page, loads: () => loads }
}

/** The chunk named `name` of the release in `dir` (`phone-step`, `auth.email`), as a site path. */
async function chunk(dir: string, name: string): Promise<string> {
  const file = (await readdir(join(dir, 'assets'))).find(
    (candidate) => candidate.startsWith(`${name}-`) && candidate.endsWith('.js'),
  )
  if (!file) throw new Error(`No ${name} chunk in ${dir}`)
  return `assets/${file}`
}

it('reloads once onto the new release when the host no longer has a chunk of the old one', async () => {
  await host.deploy(distDir)
  const { page, loads } = await openCounting('/auth/email')
  await page.getByLabel('Email').waitFor()
  expect(await chunk(next, 'phone-step')).not.toBe(await chunk(distDir, 'phone-step'))
  await host.deploy(next, { keepAssets: false })

  // The text-message step is a lazy part of the sign-in page (not a route): its chunk is gone.
  await page.getByRole('button', { name: 'Text me a code instead' }).click()
  await page.getByLabel('Email').waitFor({ timeout: 20_000 })
  await expect
    .poll(() => page.content(), { message: 'the new release’s page, after one reload' })
    .toContain('https://next.cards.example/')
  expect(loads()).toBe(2)
  // The new release's text-message step loads.
  await page.getByRole('button', { name: 'Text me a code instead' }).click()
  await page.getByRole('button', { name: 'Text me a code' }).waitFor({ timeout: 20_000 })
  expect(loads()).toBe(2)
})

it('reloads at most once, then shows the error screen, when its own release lacks a chunk', async () => {
  await host.deploy(distDir)
  await host.remove(await chunk(distDir, 'auth.email'))
  const { page, loads } = await openCounting('/')
  await page.getByRole('link', { name: 'Sign in' }).first().click()
  await page.getByRole('heading', { name: 'Something went wrong' }).waitFor({ timeout: 20_000 })
  // The release check asked the host, which still serves this release.
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
  // The router reloads once for a route's missing chunk; nothing reloads after that.
  expect(loads()).toBeLessThanOrEqual(2)
  expect(await page.getByRole('heading', { name: 'Something went wrong' }).isVisible()).toBe(true)
})
