/** The web app manifest as Chromium sees it: linked, valid, installable, icons and screenshots real. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { launchProfile } from './support/browser.ts'
import { appUrl } from './support/test-stack.ts'
import { scaled } from './support/deadline.ts'

let context: BrowserContext
let page: Page

beforeAll(async () => {
  // A real profile: incognito contexts are never installable.
  context = await launchProfile()
  page = await context.newPage()
  await page.goto(appUrl + '/')
})

afterAll(async () => {
  await context.close()
})

describe('manifest', () => {
  it('is linked and parsed by Chromium without errors', async () => {
    const cdp = await page.context().newCDPSession(page)
    const { url, errors, data } = (await cdp.send('Page.getAppManifest')) as {
      url: string
      errors: { message: string }[]
      data?: string
    }
    expect(url).toBe(appUrl + '/manifest.webmanifest')
    expect(errors).toEqual([])
    const manifest = JSON.parse(data ?? '{}') as Record<string, unknown>
    expect(manifest).toMatchObject({
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#161616',
      name: 'IYK Cards',
    })
  })

  it('has no installability errors', async () => {
    const cdp = await page.context().newCDPSession(page)
    await expect
      .poll(
        async () =>
          (
            (await cdp.send('Page.getInstallabilityErrors')) as {
              installabilityErrors: { errorId: string }[]
            }
          ).installabilityErrors.map((error) => error.errorId),
        { message: 'no installability error', timeout: scaled(15_000) },
      )
      .toEqual([])
  })

  it('serves every icon and screenshot at its declared size', async () => {
    const manifest = (await (await page.request.get(appUrl + '/manifest.webmanifest')).json()) as {
      icons: { src: string; sizes: string }[]
      screenshots: { src: string; sizes: string }[]
    }
    for (const image of [...manifest.icons, ...manifest.screenshots]) {
      const response = await page.request.get(appUrl + image.src)
      expect(response.ok(), image.src).toBe(true)
      const png = await response.body()
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, image.src).toBe(image.sizes)
    }
  })
})
