/**
 * Walks every screen once per theme, on a phone (390×844) and a laptop (1280×800), and on the
 * phone in every other language, saving a screenshot of each into `screenshots/` (git-ignored)
 * for reviewers once its heading is in, then writes `screenshots/index.html`: a contact sheet of
 * them all. On the way it checks each screen's accessibility (axe, in real Chromium): every
 * screen in both themes at the laptop's size, and in every other language the screens a holder
 * meets first: signed out in a browser that prefers the language, and signed in having chosen it
 * (the account page: the most controls; a tap: the most states); the languages change words, not
 * structure. a11y.test.ts checks the check itself, and the keyboard.
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
import { expectEventsHome, newEmail, putHolderEvents, signInWithCode } from './support/stack.ts'
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
 * layout is CSS's: a resize lays the screen out as a load at that size does), and runs `check` at
 * the last (the laptop's) before going back to the first.
 */
async function shoot(
  page: Page,
  name: string,
  theme: string,
  check: () => Promise<void>,
): Promise<void> {
  await appShown(page)
  for (const size of SIZES) {
    await page.setViewportSize(size)
    await capture(page, `${name}-${size.width}-${theme}.png`, size.width)
  }
  await check()
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

/** Opens a screen on the page and waits until it is complete, as a holder ends up seeing it. */
type Open = (page: Page) => Promise<void>

/** Opens `path` and waits for `complete` (the page's heading when not given). */
const visit =
  (path: string, complete?: (page: Page) => Promise<void>): Open =>
  async (page) => {
    await page.goto(appUrl + path)
    await appShown(page)
    await (complete ? complete(page) : page.locator('main h1').waitFor())
  }

/** The tap page's refresh result: the new events, or "Nothing new yet." */
const refreshResult = (page: Page) =>
  page.getByText('Nothing new yet.').or(page.getByTestId('tap-new-events'))

/** The screens signed out, in order, by their names in the sheet. */
const SIGNED_OUT: [string, Open][] = [
  ['landing', visit('/')],
  // The wallet sign-in loads after the page: the page a holder ends up with.
  [
    'sign-in',
    visit('/auth/email', (page) =>
      page.getByRole('heading', { name: 'Or use a wallet' }).waitFor(),
    ),
  ],
  [
    'sign-in-code',
    visit('/auth/email', async (page) => {
      await page.getByLabel('Email').fill(newEmail())
      await page.getByRole('button', { name: 'Send code' }).click()
      await page.getByLabel('6-digit code').waitFor()
    }),
  ],
  [
    // Well-formed (so the page tries it), unknown to the provider (so it fails).
    'sign-in-link-error',
    visit(
      '/auth/email?stytch_token_type=magic_links&token=unknownTokenUnknownTokenUnknownTokenUnkno%3D',
      async (page) => {
        await page.getByRole('alert').filter({ hasText: 'expired or was already used' }).waitFor()
        await page.getByLabel('Email').waitFor()
      },
    ),
  ],
  ['tap', visit(TAP)],
  ['tap-invalid', visit('/tap?uid=zz')],
]

/** The screens signed in, in order: the last one empties the holder's list. */
const SIGNED_IN: [string, Open][] = [
  ['home', visit('/', expectEventsHome)],
  // The list searched within a filter, and a search that finds nothing.
  [
    'home-filtered',
    visit('/?when=past&sort=oldest&q=session', (page) =>
      page.getByRole('heading', { name: 'Winter Warehouse Session' }).waitFor(),
    ),
  ],
  [
    'home-no-match',
    visit('/?q=nothing%20like%20this', (page) => page.getByTestId('no-match').waitFor()),
  ],
  [
    'event',
    visit('/', async (page) => {
      await expectEventsHome(page)
      await page.getByTestId('event-card').first().click()
      await page.getByRole('article').getByRole('heading', { level: 1 }).waitFor()
    }),
  ],
  [
    'event-unknown',
    visit('/events/no-such-id', (page) =>
      page.getByRole('heading', { name: 'Event not found', level: 1 }).waitFor(),
    ),
  ],
  [
    'tap-signed-in',
    visit(TAP, async (page) => {
      await page.getByText('Card details for support').waitFor()
      await refreshResult(page).waitFor()
    }),
  ],
  [
    'account',
    visit('/account', async (page) => {
      await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor()
      // The wallet panel as a holder sees it, not its loading line.
      await page.getByText('Loading the wallet…').waitFor({ state: 'detached' })
    }),
  ],
  // Any other address is for signed-in holders (spec §2).
  [
    'not-found',
    visit('/no/such/page', (page) =>
      page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor(),
    ),
  ],
  [
    'signed-in-sign-in',
    visit('/auth/email', (page) =>
      page.getByRole('heading', { name: 'You are signed in' }).waitFor(),
    ),
  ],
  [
    'home-empty',
    async (page) => {
      await putHolderEvents(page, [])
      await visit('/', (opened) =>
        opened.getByRole('heading', { name: 'Your events', level: 1 }).waitFor(),
      )(page)
      await page.getByRole('button', { name: 'Refresh' }).click()
      await page.getByRole('heading', { name: 'No events yet' }).waitFor()
    },
  ],
]

/** Every screen of the themes' walks, in the sheet's order. */
const SCREENS = [...SIGNED_OUT, ...SIGNED_IN].map(([name]) => name)

/** The screens shot in every other language (the others differ from these in words only). */
const LANGUAGE_SCREENS = [
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
    `every screen at ${SIZES.map(({ width, height }) => `${width}×${height}`).join(' and ')}, axe finding nothing on each`,
    async () => {
      const context = await suite.newContext({ viewport: SIZES[0] })
      await context.addInitScript((value) => localStorage.setItem('theme', value), theme)
      const page = await context.newPage()
      // What axe found, by screen: every screen is checked before the test says.
      const found: Record<string, string[]> = {}
      const walk = async (screens: [string, Open][]) => {
        for (const [name, open] of screens) {
          await open(page)
          await shoot(page, name, theme, async () => {
            expect(await page.evaluate(() => document.documentElement.dataset.theme), name).toBe(
              theme,
            )
            const violations = await axeViolations(page)
            if (violations.length > 0) found[name] = violations
          })
        }
      }
      await walk(SIGNED_OUT)
      await page.goto(appUrl + '/')
      await waitForServiceWorker(page)
      await signInWithCode(page)
      await expectEventsHome(page)
      await walk(SIGNED_IN)
      expect(found).toEqual({})
      // Seventeen screens at two sizes, axe on each, and a sign-in: a long journey on a busy machine.
    },
    scaled(240_000),
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
        LANGUAGE_SCREENS.map((screen) => `${screen}-${locale}.png`),
        locale,
      ),
    )
    const page = `<!doctype html><html lang="en"><meta charset="utf-8"><title>IYK Cards screens</title>
<style>body{font:14px system-ui;margin:24px;background:#888}h2{margin:24px 0 8px}.row{display:flex;gap:16px;align-items:flex-start;overflow-x:auto}figure{margin:0}img{width:240px;border:1px solid #333;display:block}figcaption{font-size:12px}</style>
<h1>Every screen, ${SIZES.map(({ width, height }) => `${width}×${height}`).join(' and ')}, dark and light</h1>${rows.join('')}
<h1>Every screen in every other language, ${PHONE.width}×${PHONE.height}, dark</h1>${languages.join('')}</html>`
    await writeFile(join(OUT, 'index.html'), page)
    expect((page.match(/<img /g) ?? []).length).toBe(
      SCREENS.length * THEMES.length * SIZES.length + LANGUAGE_SCREENS.length * LANGUAGES.length,
    )
  })
})
