/** Updates in real Chromium: a new worker waits, the prompt offers it, Reload activates it. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, waitForServiceWorker } from './support/browser.ts'
import { startStaticServer, type StaticServer } from './support/static-server.ts'

let browser: Browser
let server: StaticServer

beforeAll(async () => {
  browser = await launchBrowser()
  // A server of our own (own origin), so this test can publish a "new version" of the worker.
  server = await startStaticServer(inject('distDir'))
})

afterAll(async () => {
  await browser.close()
  await server.close()
})

const activeScript = () =>
  navigator.serviceWorker.getRegistration().then((r) => r?.active?.scriptURL ?? null)

describe('update prompt', () => {
  it('shows "New version available" and activates the new worker on Reload', async () => {
    const page = await browser.newPage()
    await page.goto(server.url + '/')
    await waitForServiceWorker(page)
    expect(await page.getByText('New version available').count()).toBe(0)

    server.override('/sw.js', (source) => `${source}\n// version 2\n`)
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()))

    const prompt = page.getByRole('status').filter({ hasText: 'New version available' })
    await prompt.waitFor()
    const waiting = await page.evaluate(() =>
      navigator.serviceWorker.getRegistration().then((r) => r?.waiting?.state ?? null),
    )
    expect(waiting).toBe('installed')

    await Promise.all([
      page.waitForEvent('load'),
      prompt.getByRole('button', { name: 'Reload' }).click(),
    ])
    await waitForServiceWorker(page)
    expect(await page.evaluate(activeScript)).toBe(server.url + '/sw.js')
    expect(
      await page.evaluate(() =>
        navigator.serviceWorker.getRegistration().then((r) => r?.waiting ?? null),
      ),
    ).toBeNull()
    expect(await page.getByText('New version available').count()).toBe(0)
    await page.close()
  })
})
