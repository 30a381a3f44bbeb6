/** Accessibility in real Chromium: axe finds nothing on any screen, in either theme; keyboard use. */
import { AxeBuilder } from '@axe-core/playwright'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchBrowser, waitForServiceWorker } from './support/browser.ts'
import { expectEventsHome, signInWithCode } from './support/stack.ts'

const appUrl = inject('appUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser.close()
})

async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).analyze()
  return found.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  )
}

async function setTheme(context: BrowserContext, theme: 'dark' | 'light') {
  await context.addInitScript((value) => localStorage.setItem('theme', value), theme)
}

const anonymousScreens = [
  '/',
  '/auth/email',
  '/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3',
  '/tap?uid=nothex',
  '/no/such/page',
]

describe.each(['dark', 'light'] as const)('%s theme', (theme) => {
  it.each(anonymousScreens)('axe finds no violations on %s', async (path) => {
    const context = await browser.newContext()
    await setTheme(context, theme)
    const page = await context.newPage()
    await page.goto(appUrl + path)
    await page.locator('main h1').waitFor()
    expect(await violations(page)).toEqual([])
    await context.close()
  })

  it('axe finds no violations on the signed-in screens', async () => {
    const context = await browser.newContext()
    await setTheme(context, theme)
    const page = await context.newPage()
    await page.goto(appUrl + '/')
    await waitForServiceWorker(page)
    await signInWithCode(page)
    await expectEventsHome(page)
    expect(await violations(page), 'home').toEqual([])
    await page.getByTestId('event-card').first().click()
    await page.locator('main h1').waitFor()
    expect(await violations(page), 'event detail').toEqual([])
    await page.goto(appUrl + '/account')
    await page.getByRole('heading', { name: 'Account' }).waitFor()
    expect(await violations(page), 'account').toEqual([])
    await context.close()
  })
})

describe('the check itself', () => {
  it('reports a real violation (an image without alt text)', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(appUrl + '/')
    await page.locator('main h1').waitFor()
    await page.evaluate(() => {
      const image = document.createElement('img')
      image.src = '/pwa-192.png'
      document.querySelector('main')?.append(image)
    })
    expect((await violations(page)).join('\n')).toContain('image-alt')
    await context.close()
  })
})

describe('keyboard', () => {
  it('reaches sign-in from the skip link and moves focus to the new heading', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(appUrl + '/')
    await page.locator('main h1').waitFor()
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content')
    await page.keyboard.press('Enter')
    // From the main column, the first link is Sign in.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sign in')
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/auth\/email$/)
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe(
      'email',
    )
    await context.close()
  })
})
