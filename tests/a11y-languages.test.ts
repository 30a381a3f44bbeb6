/**
 * Accessibility in every language, in real Chromium: axe finds nothing on the screens a holder
 * meets first, signed out in a browser that prefers the language and signed in having chosen it
 * (the account page: the most controls; a tap: the most states). Every screen in both themes is
 * checked in English (a11y.test.ts); the languages change words, not structure.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { axeViolations } from './support/axe.ts'
import { appShown } from './support/browser.ts'
import { browserSuite } from './support/browser-suite.ts'
import { appUrl } from './support/test-stack.ts'

const TAP = '/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'

const suite = browserSuite()

/** Opens `path` on `page` and waits for the app and its heading. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(appUrl + path)
  await appShown(page)
  await page.locator('main h1').waitFor()
}

describe('every language', () => {
  const signedIn = suite.sharedSignedIn()

  it.each(['es', 'pt-BR', 'fr', 'de', 'ja'])('axe finds no violations in %s', async (locale) => {
    const anonymous = await (await suite.newContext({ locale })).newPage()
    for (const path of ['/', '/auth/email']) {
      await visit(anonymous, path)
      expect(await anonymous.evaluate(() => document.documentElement.lang)).toBe(locale)
      expect(await axeViolations(anonymous), path).toEqual([])
    }
    const { page } = await signedIn()
    await page.evaluate((chosen) => localStorage.setItem('locale', chosen), locale)
    for (const path of ['/account', TAP]) {
      await visit(page, path)
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale)
      expect(await axeViolations(page), path).toEqual([])
    }
    await page.evaluate(() => localStorage.removeItem('locale'))
  })
})
