/** What a picky holder notices on a phone: touch targets, and a sign-in page that knows them. */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { appShown } from './support/browser.ts'
import { browserSuite } from './support/browser-suite.ts'
import { appUrl } from './support/test-stack.ts'

const suite = browserSuite()
const PHONE = { viewport: { width: 390, height: 844 } }

/** Every visible control on the page shorter or narrower than 44 px, by its text or label. */
const smallTargets = (page: Page) =>
  page.$$eval('button, a.button, .icon-button, input, select, summary', (controls) =>
    controls
      .filter((control) => {
        const box = control.getBoundingClientRect()
        return box.width > 0 && box.height > 0 && (box.height < 44 || box.width < 44)
      })
      .map(
        (control) =>
          `${control.textContent?.trim() || control.getAttribute('aria-label') || control.tagName}`,
      ),
  )

describe('touch targets', () => {
  it('are at least 44 px on every screen of a phone', async () => {
    const { page } = await suite.signedIn({ context: PHONE })
    expect(await smallTargets(page), 'the signed-in home').toEqual([])
    await page.goto(appUrl + '/account')
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor()
    await appShown(page)
    expect(await smallTargets(page), 'the account page').toEqual([])

    const anonymous = await (await suite.newContext(PHONE)).newPage()
    for (const path of [
      '/',
      '/auth/email',
      '/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3',
    ]) {
      await anonymous.goto(appUrl + path)
      await appShown(anonymous)
      await anonymous.locator('main h1').waitFor()
      expect(await smallTargets(anonymous), path).toEqual([])
    }
  })
})

describe('the sign-in page, signed in', () => {
  it('says who is signed in, goes on with Continue, and signs out on request', async () => {
    const { page, email } = await suite.signedIn()
    await page.goto(appUrl + '/auth/email?redirect=%2Faccount')
    await page.getByRole('heading', { name: 'You are signed in', level: 1 }).waitFor()
    expect(await page.getByTestId('signed-in-as').textContent()).toBe(`Signed in as ${email}.`)
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL(appUrl + '/account')
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor()

    await page.goto(appUrl + '/auth/email')
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.getByLabel('Email').waitFor()
    expect(await page.getByRole('heading', { name: 'You are signed in' }).count()).toBe(0)
  })
})
