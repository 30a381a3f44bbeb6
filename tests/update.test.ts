/** Updates in real Chromium: a new worker waits, the prompt offers it, Reload activates it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { waitForServiceWorker } from './support/browser.ts'
import { browserSuite } from './support/browser-suite.ts'
import { startStaticServer, type StaticServer } from './support/static-server.ts'
import { distDir } from './support/test-stack.ts'
import { waitingFor } from './support/deadline.ts'

const suite = browserSuite()
let server: StaticServer

beforeAll(async () => {
  // A server of our own (own origin), so this test can publish a "new version" of the worker.
  server = await startStaticServer(distDir)
})

afterAll(async () => {
  await server.close()
})

/** What the browser said of its worker versions, in order, for a failure to show. */
const versionLog: string[] = []

/** The status (`installed`, `activated`, `redundant`…) of every worker version, by version id. */
async function watchVersions(page: Page): Promise<Map<string, string>> {
  const statuses = new Map<string, string>()
  const cdp = await page.context().newCDPSession(page)
  const start = Date.now()
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) {
      statuses.set(version.versionId, version.status)
      versionLog.push(
        `${Date.now() - start} ms: version ${version.versionId} ${version.status}, ${version.runningStatus}`,
      )
    }
  })
  await cdp.send('ServiceWorker.enable')
  return statuses
}

/** `page`'s next load event; if none comes, the failure lists what the worker versions did. */
const nextLoad = (page: Page) =>
  page.waitForEvent('load').catch((error: unknown) => {
    throw new Error(
      `${String(error)}\nthe page at ${page.url()}; worker versions:\n${versionLog.join('\n') || '(not watched)'}`,
    )
  })

/** The ids of the versions whose status is `status`. */
const withStatus = (statuses: Map<string, string>, status: string) =>
  [...statuses].filter(([, current]) => current === status).map(([id]) => id)

describe('update prompt', () => {
  it('shows "New version available" and activates the new worker on Reload', async () => {
    const page = await (await suite.newContext()).newPage()
    await page.goto(server.url + '/')
    await waitForServiceWorker(page)
    expect(await page.getByText('New version available').count()).toBe(0)
    const statuses = await watchVersions(page)
    await expect
      .poll(() => withStatus(statuses, 'activated'), waitingFor('the first worker activated'))
      .toHaveLength(1)
    const [first] = withStatus(statuses, 'activated')

    server.override('/sw.js', (source) => `${source}\n// version 2\n`)
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()))

    const prompt = page.getByRole('status').filter({ hasText: 'New version available' })
    await prompt.waitFor()
    const waiting = await page.evaluate(() =>
      navigator.serviceWorker.getRegistration().then((r) => r?.waiting?.state ?? null),
    )
    expect(waiting).toBe('installed')
    await expect
      .poll(() => withStatus(statuses, 'installed'), waitingFor('the new worker installed'))
      .toHaveLength(1)
    const [second] = withStatus(statuses, 'installed')

    await Promise.all([nextLoad(page), prompt.getByRole('button', { name: 'Reload' }).click()])
    await waitForServiceWorker(page)
    // The waiting version is the active one now, and the first is gone.
    await expect
      .poll(() => statuses.get(second ?? ''), waitingFor('the new worker activated'))
      .toBe('activated')
    await expect
      .poll(() => statuses.get(first ?? ''), waitingFor('the first worker redundant'))
      .toBe('redundant')
    expect(
      await page.evaluate(() =>
        navigator.serviceWorker.getRegistration().then((r) => r?.waiting ?? null),
      ),
    ).toBeNull()
    expect(await page.getByText('New version available').count()).toBe(0)
  })

  it('a second tab showing the prompt reloads onto the version the first tab activated', async () => {
    const context = await suite.newContext()
    const first = await context.newPage()
    await first.goto(server.url + '/')
    await waitForServiceWorker(first)
    const second = await context.newPage()
    await second.goto(server.url + '/')
    await waitForServiceWorker(second)

    server.override('/sw.js', (source) => `${source}\n// version 3\n`)
    await first.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()))
    const prompt = (page: Page) =>
      page.getByRole('status').filter({ hasText: 'New version available' })
    await prompt(first).waitFor()
    await prompt(second).waitFor()
    const newVersion = await first.evaluate(() =>
      navigator.serviceWorker.getRegistration().then((r) => r?.waiting?.scriptURL ?? null),
    )
    expect(newVersion).not.toBeNull()

    await Promise.all([
      nextLoad(first),
      prompt(first).getByRole('button', { name: 'Reload' }).click(),
    ])
    await waitForServiceWorker(first)
    // The second tab is already controlled by the new worker; its Reload loads the new page.
    await Promise.all([
      nextLoad(second),
      prompt(second).getByRole('button', { name: 'Reload' }).click(),
    ])
    await waitForServiceWorker(second)
    expect(await second.getByText('New version available').count()).toBe(0)
    expect(
      await second.evaluate(() =>
        navigator.serviceWorker.getRegistration().then((r) => [r?.active?.state, r?.waiting]),
      ),
    ).toEqual(['activated', null])
  })
})
