/**
 * Accessibility in real Chromium: axe finds nothing on any screen, in either theme (in every
 * language, on the screens a holder meets first: screenshots.test.ts, on its way through them);
 * keyboard use.
 */
import { afterAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { axeViolations } from './support/axe.ts'
import { appShown } from './support/browser.ts'
import { browserSuite } from './support/browser-suite.ts'
import { expectEventsHome, newEmail, readEngineState } from './support/stack.ts'
import { appUrl, cardsUrl } from './support/test-stack.ts'
import { waitingFor } from './support/deadline.ts'

const TAP = '/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'

const suite = browserSuite()

const violations = axeViolations

async function setTheme(context: BrowserContext, theme: 'dark' | 'light') {
  await context.addInitScript((value) => localStorage.setItem('theme', value), theme)
}

/** The theme the page shows. */
const shownTheme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme)

/** A screen: its name in the test title, and how to get there and wait until it is complete. */
type Screen = [name: string, open: (page: Page) => Promise<void>]

/** Opens `path` and waits for its heading. */
const visit =
  (path: string) =>
  async (page: Page): Promise<void> => {
    await page.goto(appUrl + path)
    await appShown(page)
    await page.locator('main h1').waitFor()
  }

const anonymousScreens: Screen[] = [
  ['/', visit('/')],
  [
    '/auth/email with its wallet option',
    async (page) => {
      await visit('/auth/email')(page)
      await page.getByRole('button', { name: 'Sign in with a wallet' }).waitFor()
    },
  ],
  [
    'the sign-in code step',
    async (page) => {
      await page.goto(appUrl + '/auth/email')
      await page.getByLabel('Email').fill(newEmail())
      await page.getByRole('button', { name: 'Send code' }).click()
      await page.getByLabel('6-digit code').waitFor()
    },
  ],
  [
    'the magic-link error',
    async (page) => {
      // Well-formed (so the page tries it), unknown to the provider (so it fails).
      const token = 'unknownTokenUnknownTokenUnknownTokenUnkno%3D'
      await page.goto(`${appUrl}/auth/email?stytch_token_type=magic_links&token=${token}`)
      await page.getByRole('alert').filter({ hasText: 'expired or was already used' }).waitFor()
      await page.getByLabel('Email').waitFor()
    },
  ],
  [TAP, visit(TAP)],
  ['/tap?uid=nothex', visit('/tap?uid=nothex')],
]

/** The tap page's refresh result: the new events, or "Nothing new yet." */
const refreshResult = (page: Page) =>
  page.getByText('Nothing new yet.').or(page.getByTestId('tap-new-events'))

/** The account page's wallet panel once loaded (disconnected: no wallet in this browser). */
const walletPanel = (page: Page) =>
  page.getByTestId('no-wallet').or(page.getByRole('button', { name: /^Connect / }))

/** Empties the signed-in user's event list on the cards stand-in. */
async function clearEvents(page: Page): Promise<void> {
  const state = await readEngineState(page)
  const userId = (state?.session as { userId: string }).userId
  const response = await fetch(`${cardsUrl}/_dev/events`, {
    method: 'PUT',
    body: JSON.stringify({ userId, events: [] }),
  })
  expect(response.status).toBe(200)
}

// In order, on one signed-in page: the last one empties the user's list.
const signedInScreens: Screen[] = [
  [
    'home',
    async (page) => {
      await page.goto(appUrl + '/')
      await expectEventsHome(page)
    },
  ],
  [
    'the home list filtered, its controls set',
    async (page) => {
      await page.goto(appUrl + '/?when=past&sort=oldest&q=session')
      await page.getByRole('heading', { name: 'Winter Warehouse Session' }).waitFor()
    },
  ],
  [
    'a search that finds nothing',
    async (page) => {
      await page.goto(appUrl + '/?q=nothing%20like%20this')
      await page.getByRole('heading', { name: 'No events match “nothing like this”' }).waitFor()
    },
  ],
  [
    'an event',
    async (page) => {
      await page.goto(appUrl + '/')
      await expectEventsHome(page)
      await page.getByTestId('event-card').first().click()
      await page.getByRole('article').getByRole('heading', { level: 1 }).waitFor()
    },
  ],
  [
    'an unknown address',
    async (page) => {
      await page.goto(appUrl + '/no/such/page')
      await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor()
    },
  ],
  [
    'an unknown event',
    async (page) => {
      await page.goto(appUrl + '/events/no-such-id')
      await page.getByRole('heading', { name: 'Event not found', level: 1 }).waitFor()
    },
  ],
  [
    'a tap',
    async (page) => {
      await page.goto(appUrl + TAP)
      await page.getByText('Card details for support').waitFor()
      await refreshResult(page).waitFor()
    },
  ],
  [
    '/account with its wallet panel',
    async (page) => {
      await page.goto(appUrl + '/account')
      await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor()
      await walletPanel(page).waitFor()
    },
  ],
  [
    'an empty events list',
    async (page) => {
      await clearEvents(page)
      await page.goto(appUrl + '/')
      await page.getByRole('heading', { name: 'Your events', level: 1 }).waitFor()
      await page.getByRole('button', { name: 'Refresh' }).click()
      await page.getByRole('heading', { name: 'No events yet' }).waitFor()
    },
  ],
]

/** One signed-in page shared by a describe's tests, in `theme` when given. */
function sharedSignedInPage(theme?: 'dark' | 'light'): () => Promise<Page> {
  const signedIn = suite.sharedSignedIn({
    prepare: async (context) => (theme ? setTheme(context, theme) : undefined),
  })
  return async () => (await signedIn()).page
}

describe.each(['dark', 'light'] as const)('%s theme', (theme) => {
  // One page for the theme's signed-out screens, each opened by its own navigation: a context per
  // screen would install the worker each time, which costs more than all of axe's checks.
  let anonymousPage: Promise<Page> | undefined
  const signedOutPage = () =>
    (anonymousPage ??= (async () => {
      const context = await suite.newSharedContext()
      await setTheme(context, theme)
      return context.newPage()
    })())
  afterAll(async () => {
    await (await anonymousPage)?.context().close()
  })

  it.each(anonymousScreens)('axe finds no violations on %s', async (_name, open) => {
    const page = await signedOutPage()
    await open(page)
    expect(await shownTheme(page)).toBe(theme)
    expect(await violations(page)).toEqual([])
  })

  describe('signed in', () => {
    const signedInPage = sharedSignedInPage(theme)

    it.each(signedInScreens)('axe finds no violations on %s', async (_name, open) => {
      const page = await signedInPage()
      await open(page)
      expect(await shownTheme(page)).toBe(theme)
      expect(await violations(page)).toEqual([])
    })
  })
})

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
    const signedInPage = sharedSignedInPage()

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
