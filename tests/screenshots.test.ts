/**
 * Saves a screenshot of every screen at 375 and 1280 px in both themes into `screenshots/`
 * (git-ignored) for reviewers, checking each screen rendered its heading first.
 */
import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { appShown, waitForServiceWorker } from './support/browser.ts'
import { browserSuite } from './support/browser-suite.ts'
import { expectEventsHome, signInWithCode } from './support/stack.ts'

const appUrl = inject('appUrl')
const OUT = 'screenshots'

const suite = browserSuite()

beforeAll(async () => {
  await mkdir(OUT, { recursive: true })
})

async function shoot(page: Page, name: string, width: number, theme: string): Promise<void> {
  await appShown(page)
  await page.locator('main h1').waitFor()
  await page.evaluate(() => document.fonts.ready)
  const file = join(OUT, `${name}-${width}-${theme}.png`)
  await page.screenshot({ path: file, fullPage: true })
  const png = await readFile(file)
  expect(png.readUInt32BE(16), file).toBe(width)
}

describe.each(['dark', 'light'] as const)('%s theme', (theme) => {
  it.each([375, 1280])(
    'every screen at %i px',
    async (width) => {
      const context = await suite.newContext({ viewport: { width, height: 900 } })
      await context.addInitScript((value) => localStorage.setItem('theme', value), theme)
      const page = await context.newPage()
      const anonymous: [string, string][] = [
        ['landing', '/'],
        ['sign-in', '/auth/email'],
        ['tap', '/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'],
        ['tap-invalid', '/tap?uid=zz'],
        ['not-found', '/no/such/page'],
      ]
      for (const [name, path] of anonymous) {
        await page.goto(appUrl + path)
        // The wallet sign-in loads after the page: shoot the page a holder ends up with.
        if (name === 'sign-in')
          await page.getByRole('heading', { name: 'Or use a wallet' }).waitFor()
        await shoot(page, name, width, theme)
      }
      await waitForServiceWorker(page)
      await signInWithCode(page)
      await expectEventsHome(page)
      await shoot(page, 'home', width, theme)
      await page.getByTestId('event-card').first().click()
      await shoot(page, 'event', width, theme)
      await page.goto(appUrl + '/account')
      await page.getByRole('heading', { name: 'Account' }).waitFor()
      // The wallet panel as a holder sees it, not its loading line.
      await page.getByText('Loading the wallet…').waitFor({ state: 'detached' })
      await shoot(page, 'account', width, theme)
      // Nine screens and a sign-in: more than one journey's time on a busy machine.
    },
    120_000,
  )
})
