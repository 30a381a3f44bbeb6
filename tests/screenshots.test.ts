/**
 * Saves a screenshot of every screen on a phone (390×844) and a laptop (1280×800) in both themes,
 * and on the phone in every other language, into `screenshots/` (git-ignored) for reviewers,
 * checking each screen rendered its heading first, then writes `screenshots/index.html`: a
 * contact sheet of them all. On its way through the other languages it checks their
 * accessibility too (axe, in real Chromium), on the screens a holder meets first: signed out in a
 * browser that prefers the language, and signed in having chosen it (the account page: the most
 * controls; a tap: the most states). Every screen in both themes is checked in English
 * (a11y.test.ts); the languages change words, not structure.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { LOCALES, SOURCE_LOCALE } from '../src/core/locale.ts'
import { axeViolations } from './support/axe.ts'
import { appShown, waitForServiceWorker } from './support/browser.ts'
import { browserSuite } from './support/browser-suite.ts'
import { said } from './support/catalog.ts'
import { expectEventsHome, signInWithCode } from './support/stack.ts'
import { appUrl } from './support/test-stack.ts'
import { scaled } from './support/deadline.ts'

const OUT = 'screenshots'

const suite = browserSuite()

beforeAll(async () => {
  await mkdir(OUT, { recursive: true })
})

/** Once the page's heading and fonts are in, saves the whole page as `file`, `width` wide. */
async function capture(page: Page, file: string, width: number): Promise<void> {
  await page.locator('main h1').waitFor()
  await page.evaluate(() => document.fonts.ready)
  await page.screenshot({ path: join(OUT, file), fullPage: true })
  const png = await readFile(join(OUT, file))
  expect(png.readUInt32BE(16), file).toBe(width)
}

/**
 * Shoots the screen the page shows at each size in turn, the window resized in between (the
 * layout is CSS's: a resize lays the screen out as a load at that size does), back at the first.
 */
async function shoot(page: Page, name: string, theme: string): Promise<void> {
  await appShown(page)
  for (const size of SIZES) {
    await page.setViewportSize(size)
    await capture(page, `${name}-${size.width}-${theme}.png`, size.width)
  }
  await page.setViewportSize(SIZES[0] as (typeof SIZES)[number])
}

/** The languages other than English, each shot on the phone in the dark theme. */
const LANGUAGES = LOCALES.filter((locale) => locale !== SOURCE_LOCALE)
const PHONE = { width: 390, height: 844 }

/** Shoots `name` in `locale` on the phone, once its heading (by its English words) is shown. */
async function shootIn(page: Page, locale: string, name: string, heading?: string) {
  await appShown(page)
  if (heading) {
    await page.getByRole('heading', { level: 1, name: await said(locale, heading) }).waitFor()
  }
  await capture(page, `${name}-${locale}.png`, PHONE.width)
}

/** The screens axe checks in every language (the others differ from them in words only). */
const CHECKED = ['landing', 'sign-in', 'account']

/** The page is in `locale`, and axe finds nothing on it. */
async function expectAccessibleIn(page: Page, locale: string, name: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.lang), name).toBe(locale)
  expect(await axeViolations(page), `${name} in ${locale}`).toEqual([])
}

const TAP = '/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]
const THEMES = ['dark', 'light'] as const
const SCREENS = [
  'landing',
  'sign-in',
  'tap',
  'tap-invalid',
  'not-found',
  'home',
  'home-filtered',
  'home-no-match',
  'event',
  'account',
  'signed-in-sign-in',
]

describe.each(THEMES)('%s theme', (theme) => {
  it(
    `every screen at ${SIZES.map(({ width, height }) => `${width}×${height}`).join(' and ')}`,
    async () => {
      const context = await suite.newContext({ viewport: SIZES[0] })
      await context.addInitScript((value) => localStorage.setItem('theme', value), theme)
      const page = await context.newPage()
      const anonymous: [string, string][] = [
        ['landing', '/'],
        ['sign-in', '/auth/email'],
        ['tap', TAP],
        ['tap-invalid', '/tap?uid=zz'],
      ]
      for (const [name, path] of anonymous) {
        await page.goto(appUrl + path)
        // The wallet sign-in loads after the page: shoot the page a holder ends up with.
        if (name === 'sign-in')
          await page.getByRole('heading', { name: 'Or use a wallet' }).waitFor()
        await shoot(page, name, theme)
      }
      await waitForServiceWorker(page)
      await signInWithCode(page)
      await expectEventsHome(page)
      await shoot(page, 'home', theme)
      // The list searched within a filter, and a search that finds nothing.
      await page.goto(appUrl + '/?when=past&sort=oldest&q=session')
      await page.getByRole('heading', { name: 'Winter Warehouse Session' }).waitFor()
      await shoot(page, 'home-filtered', theme)
      await page.goto(appUrl + '/?q=nothing%20like%20this')
      await page.getByTestId('no-match').waitFor()
      await shoot(page, 'home-no-match', theme)
      await page.goto(appUrl + '/')
      await expectEventsHome(page)
      await page.getByTestId('event-card').first().click()
      await shoot(page, 'event', theme)
      await page.goto(appUrl + '/account')
      await page.getByRole('heading', { name: 'Account' }).waitFor()
      // The wallet panel as a holder sees it, not its loading line.
      await page.getByText('Loading the wallet…').waitFor({ state: 'detached' })
      await shoot(page, 'account', theme)
      // Any other address is for signed-in holders (spec §2).
      await page.goto(appUrl + '/no/such/page')
      await page.getByRole('heading', { name: 'Page not found' }).waitFor()
      await shoot(page, 'not-found', theme)
      await page.goto(appUrl + '/auth/email')
      await page.getByRole('heading', { name: 'You are signed in' }).waitFor()
      await shoot(page, 'signed-in-sign-in', theme)
      // Eleven screens at two sizes and a sign-in: more than one journey's time on a busy machine.
    },
    scaled(180_000),
  )
})

describe('every language', () => {
  it(
    'every screen in every other language on the phone, axe finding nothing on the first ones',
    async () => {
      const anonymous: [string, string, string][] = [
        ['landing', '/', 'Your events, one tap away'],
        ['sign-in', '/auth/email', 'Sign in'],
        ['tap', TAP, 'Card tap'],
        ['tap-invalid', '/tap?uid=zz', 'Card tap'],
      ]
      for (const locale of LANGUAGES) {
        // Signed out, in a browser that prefers the language.
        const page = await (await suite.newContext({ viewport: PHONE, locale })).newPage()
        for (const [name, path, heading] of anonymous) {
          await page.goto(appUrl + path)
          await shootIn(page, locale, name, heading)
          if (CHECKED.includes(name)) await expectAccessibleIn(page, locale, name)
        }
      }
      // Signed in once (in English, as the sign-in helper reads the page), then in each language.
      const page = await (await suite.newContext({ viewport: PHONE })).newPage()
      await page.goto(appUrl + '/')
      await waitForServiceWorker(page)
      await signInWithCode(page)
      await expectEventsHome(page)
      const signedIn: [string, string, string | undefined][] = [
        ['home', '/', 'Your events'],
        ['home-filtered', '/?when=past&sort=oldest&q=session', 'Your events'],
        ['home-no-match', '/?q=nothing%20like%20this', 'Your events'],
        ['account', '/account', 'Account'],
        ['not-found', '/no/such/page', 'Page not found'],
        ['signed-in-sign-in', '/auth/email', undefined],
      ]
      for (const locale of LANGUAGES) {
        await page.evaluate((chosen) => localStorage.setItem('locale', chosen), locale)
        for (const [name, path, heading] of signedIn) {
          await page.goto(appUrl + path)
          // The list's screens once their list (or its empty result) is in.
          if (name.startsWith('home')) {
            await page
              .locator('[data-testid="event-card"], [data-testid="no-match"]')
              .first()
              .waitFor()
          }
          await shootIn(page, locale, name, heading)
          if (CHECKED.includes(name)) await expectAccessibleIn(page, locale, name)
        }
        await page.goto(appUrl + '/')
        await page.getByTestId('event-card').first().click()
        await shootIn(page, locale, 'event')
        // A signed-in tap (no screenshot: the sheet has the signed-out one).
        await page.goto(appUrl + TAP)
        await appShown(page)
        await page.locator('main h1').waitFor()
        await expectAccessibleIn(page, locale, 'a signed-in tap')
      }
    },
    scaled(180_000),
  )
})

describe('contact sheet', () => {
  it('shows every screen at both sizes in both themes, and in every language, on one page', async () => {
    const shots = (await readdir(OUT)).filter((name) => name.endsWith('.png'))
    /** A row of the sheet: each shot (which must exist) with its file name. */
    const row = (heading: string, cells: string[], lang = '') => {
      for (const cell of cells) expect(shots, cell).toContain(cell)
      const images = cells
        .map(
          (cell) =>
            `<figure><img src="${cell}" alt="" loading="lazy"><figcaption>${cell}</figcaption></figure>`,
        )
        .join('')
      const section = lang ? `<section lang="${lang}">` : '<section>'
      return `${section}<h2>${heading}</h2><div class="row">${images}</div></section>`
    }
    const rows = SCREENS.map((screen) =>
      row(
        screen,
        THEMES.flatMap((theme) => SIZES.map(({ width }) => `${screen}-${width}-${theme}.png`)),
      ),
    )
    const languages = LANGUAGES.map((locale) =>
      row(
        locale,
        SCREENS.map((screen) => `${screen}-${locale}.png`),
        locale,
      ),
    )
    const page = `<!doctype html><html lang="en"><meta charset="utf-8"><title>IYK Cards screens</title>
<style>body{font:14px system-ui;margin:24px;background:#888}h2{margin:24px 0 8px}.row{display:flex;gap:16px;align-items:flex-start;overflow-x:auto}figure{margin:0}img{width:240px;border:1px solid #333;display:block}figcaption{font-size:12px}</style>
<h1>Every screen, ${SIZES.map(({ width, height }) => `${width}×${height}`).join(' and ')}, dark and light</h1>${rows.join('')}
<h1>Every screen in every other language, ${PHONE.width}×${PHONE.height}, dark</h1>${languages.join('')}</html>`
    await writeFile(join(OUT, 'index.html'), page)
    expect((page.match(/<img /g) ?? []).length).toBe(
      SCREENS.length * (THEMES.length * SIZES.length + LANGUAGES.length),
    )
  })
})
