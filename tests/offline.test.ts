/** Offline shell in real Chromium: after one visit, every route opens with no network. */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { collectErrors } from './support/browser.ts'
import { browserSuite } from './support/browser-suite.ts'
import { openInstalled } from './support/holder.ts'
import { appUrl } from './support/test-stack.ts'
import { waitingFor } from './support/deadline.ts'

const suite = browserSuite()
let page: Page

beforeAll(async () => {
  const context = await suite.newSharedContext()
  page = await openInstalled(context)
  await context.setOffline(true)
})

describe('offline', () => {
  it('really has no network', async () => {
    // Not in the precache, so it can only come from the network, which is gone.
    const reachable = await page.evaluate(() =>
      fetch('/og-image.png', { cache: 'no-store' }).then(
        () => true,
        () => false,
      ),
    )
    expect(reachable).toBe(false)
  })

  it.each([
    ['/', 'Your events, one tap away'],
    ['/auth/email', 'Sign in'],
    ['/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3', 'Card tap'],
    // Any other address is for signed-in holders: the app opens and asks to sign in first.
    ['/never-visited', 'Sign in'],
  ])('opens %s from the precache', async (path, heading) => {
    const errors = collectErrors(page)
    const response = await page.goto(appUrl + path)
    expect(response?.fromServiceWorker()).toBe(true)
    await expect
      .poll(
        () => page.getByRole('heading', { level: 1 }).textContent(),
        waitingFor('the heading of the page served offline'),
      )
      .toBe(heading)
    expect(errors).toEqual([])
  })

  it('keeps the query of a tap URL for the app to read', async () => {
    await page.goto(appUrl + '/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3')
    expect(await page.evaluate(() => location.search)).toBe(
      '?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3',
    )
  })
})
