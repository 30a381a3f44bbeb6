/**
 * Accessibility in real Chromium: the axe check finds what it should, and the keyboard reaches
 * what a holder needs. Axe itself runs on every screen in both themes, and in every language on
 * the screens a holder meets first, in screenshots.test.ts's walks: one walk per theme shoots and
 * checks each screen, instead of a page load per screen here and another there.
 */
import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { axeViolations } from './support/axe.ts'
import { appShown } from './support/browser.ts'
import { browserSuite } from './support/browser-suite.ts'
import { expectEventsHome } from './support/stack.ts'
import { appUrl } from './support/test-stack.ts'
import { waitingFor } from './support/deadline.ts'

const suite = browserSuite()

const violations = axeViolations

/** Opens `path` and waits for its heading. */
const visit =
  (path: string) =>
  async (page: Page): Promise<void> => {
    await page.goto(appUrl + path)
    await appShown(page)
    await page.locator('main h1').waitFor()
  }

/** The account page's wallet panel once loaded (disconnected: no wallet in this browser). */
const walletPanel = (page: Page) =>
  page.getByTestId('no-wallet').or(page.getByRole('button', { name: /^Connect / }))

describe('the check itself', () => {
  it('reports a real violation (an image without alt text)', async () => {
    const page = await (await suite.newContext()).newPage()
    await visit('/')(page)
    await page.evaluate(() => {
      const image = document.createElement('img')
      image.src = '/pwa-192.png'
      document.querySelector('main')?.append(image)
    })
    expect((await violations(page)).join('\n')).toContain('image-alt')
  })
})

/** What has focus, for assertions and failure messages. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement
    return `${element?.tagName ?? 'none'} "${element?.textContent?.trim().slice(0, 40) ?? ''}"`
  })

/** True when one of `target`'s elements has focus. */
const hasFocus = (target: Locator) =>
  target.evaluateAll((elements) => elements.some((element) => element === document.activeElement))

/** Presses Tab until `target` has focus; fails listing where focus went. */
async function tabTo(page: Page, target: Locator, limit = 30): Promise<void> {
  const path: string[] = []
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press('Tab')
    if (await hasFocus(target)) return
    path.push(await focused(page))
  }
  throw new Error(`not reached in ${limit} Tabs; focus went ${path.join(' → ')}`)
}

describe('keyboard', () => {
  it('reaches sign-in from the skip link and moves focus to the new heading', async () => {
    const page = await (await suite.newContext()).newPage()
    await visit('/')(page)
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content')
    await page.keyboard.press('Enter')
    // From the main column, the first link is Sign in.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sign in')
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/auth\/email$/)
    await expect
      .poll(
        () => page.evaluate(() => document.activeElement?.tagName),
        waitingFor('focus on the sign-in page’s heading'),
      )
      .toBe('H1')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe(
      'email',
    )
  })

  describe('signed in', () => {
    const signedIn = suite.sharedSignedIn()
    const signedInPage = async () => (await signedIn()).page

    it('opens an event and comes back with Tab and Enter only', async () => {
      const page = await signedInPage()
      await page.goto(appUrl + '/')
      await expectEventsHome(page)
      await tabTo(page, page.getByTestId('event-card'))
      const href = await page.evaluate(() => document.activeElement?.getAttribute('href'))
      await page.keyboard.press('Enter')
      await page.waitForURL(appUrl + href)
      await page.getByRole('article').getByRole('heading', { level: 1 }).waitFor()
      await tabTo(page, page.getByRole('link', { name: 'Your events' }))
      await page.keyboard.press('Enter')
      await page.waitForURL(appUrl + '/')
      await expectEventsHome(page)
      await expect
        .poll(() => focused(page), waitingFor('focus on the heading “Your events”'))
        .toBe('H1 "Your events"')
    })

    it('reaches Sign out on the account page with Tab', async () => {
      const page = await signedInPage()
      await page.goto(appUrl + '/account')
      await walletPanel(page).waitFor()
      await tabTo(page, page.getByRole('button', { name: 'Sign out' }))
      expect(await focused(page)).toBe('BUTTON "Sign out"')
    })
  })
})
