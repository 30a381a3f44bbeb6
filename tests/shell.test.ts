/** The app shell in real Chromium: routes, the guard, not-found, metadata, no errors, layout. */
import { beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { appShown, collectErrors, contextOptions } from './support/browser.ts'
import { browserSuite } from './support/browser-suite.ts'
import { expectEventsHome } from './support/stack.ts'
import { appUrl } from './support/test-stack.ts'
import { waitingFor } from './support/deadline.ts'

const suite = browserSuite()
let context: BrowserContext

beforeAll(async () => {
  context = await suite.newSharedContext(contextOptions)
})

describe('public routes', () => {
  it.each([
    ['/', 'Your events, one tap away', 'IYK Cards'],
    ['/auth/email', 'Sign in', 'Sign in · IYK Cards'],
    [
      '/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3',
      'Card tap',
      'Card tap · IYK Cards',
    ],
  ])('%s renders without console errors, named after its screen', async (path, heading, title) => {
    const page = await context.newPage()
    const errors = collectErrors(page)
    await page.goto(appUrl + path)
    await expect
      .poll(
        () => page.getByRole('heading', { level: 1 }).textContent(),
        waitingFor('the page’s heading'),
      )
      .toBe(heading)
    await expect.poll(() => page.title(), waitingFor('the page’s title')).toBe(title)
    expect(errors).toEqual([])
    await page.close()
  })

  it('the landing page offers sign-in and says what a card does', async () => {
    const page = await context.newPage()
    await page.goto(appUrl + '/')
    await appShown(page)
    // The name is in the header and the tagline in the footer, each once: never repeated below.
    expect(await page.getByText('Your key to the wwworld.', { exact: true }).count()).toBe(1)
    expect(await page.getByText('IYK Cards', { exact: true }).count()).toBe(1)
    await page.getByRole('link', { name: 'Sign in' }).click()
    await page.waitForURL(/\/auth\/email$/)
    // The address changes before the new route has rendered: read the heading once it has.
    await expect
      .poll(
        () => page.getByRole('heading', { level: 1 }).textContent(),
        waitingFor('the sign-in page’s heading'),
      )
      .toBe('Sign in')
    await page.close()
  })
})

describe('signed-in routes', () => {
  it.each([
    ['/account', 'your account'],
    ['/events/42', 'the event you were looking at'],
  ])('%s sends an anonymous visitor to sign in', async (path, name) => {
    const page = await context.newPage()
    const errors = collectErrors(page)
    await page.goto(appUrl + path)
    await page.waitForURL((url) => url.pathname === '/auth/email')
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(path)
    await expect
      .poll(
        () => page.getByTestId('redirect-note').textContent(),
        waitingFor('the note saying where sign-in comes back to'),
      )
      .toBe(`After signing in you will come back to ${name}.`)
    expect(errors).toEqual([])
    await page.close()
  })

  it('drops a redirect to another origin', async () => {
    const page = await context.newPage()
    await page.goto(appUrl + '/auth/email?redirect=' + encodeURIComponent('//evil.example/x'))
    await appShown(page)
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()
    expect(await page.getByTestId('redirect-note').count()).toBe(0)
    await page.close()
  })
})

describe('unknown routes', () => {
  it('are for signed-in holders (spec §2): anyone else is asked to sign in first', async () => {
    const page = await context.newPage()
    await page.goto(appUrl + '/no/such/page')
    await page.waitForURL((url) => url.pathname === '/auth/email')
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/no/such/page')
    await expect
      .poll(
        () => page.getByRole('heading', { level: 1 }).textContent(),
        waitingFor('the sign-in page’s heading'),
      )
      .toBe('Sign in')
    await page.close()
  })

  it('show a signed-in holder a not-found page with a way home', async () => {
    const { page } = await suite.signedIn()
    await page.goto(appUrl + '/no/such/page')
    await expect
      .poll(
        () => page.getByRole('heading', { level: 1 }).textContent(),
        waitingFor('the heading “Page not found”'),
      )
      .toBe('Page not found')
    // Said at the address asked for: not sent to sign in, nor home.
    expect(page.url()).toBe(appUrl + '/no/such/page')
    await page.getByRole('link', { name: 'Back to home' }).click()
    await page.waitForURL(appUrl + '/')
    await expectEventsHome(page)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your events')
  })
})

describe('page metadata', () => {
  it('has the title, description, social cards, icons and theme colour', async () => {
    const page = await context.newPage()
    await page.goto(appUrl + '/')
    const meta = (selector: string) => page.locator(selector).first().getAttribute('content')
    expect(await meta('meta[name="description"]')).toBe('Your key to the wwworld.')
    expect(await meta('meta[name="theme-color"]')).toBe('#161616')
    expect(await meta('meta[property="og:title"]')).toBe('IYK Cards')
    expect(await meta('meta[property="og:image:width"]')).toBe('1200')
    expect(await meta('meta[property="og:image:height"]')).toBe('630')
    expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image')

    const image = await page.request.get(appUrl + '/og-image.png')
    expect(image.headers()['content-type']).toBe('image/png')
    const png = await image.body()
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630])

    // Raster icons only: the browser draws a tab's icon on the page's main thread, and an SVG
    // icon is a document of its own to lay out there on every cold start (decision 016).
    expect(await page.locator('link[rel="icon"][type="image/svg+xml"]').count()).toBe(0)
    for (const [selector, path] of [
      ['link[rel="icon"][type="image/png"][sizes="32x32"]', '/favicon-32.png'],
      ['link[rel="icon"][href$=".ico"]', '/favicon.ico'],
      ['link[rel="apple-touch-icon"]', '/apple-touch-icon.png'],
    ] as const) {
      expect(await page.locator(selector).first().getAttribute('href'), selector).toBe(path)
      const icon = await page.request.get(appUrl + path)
      expect(icon.ok(), selector).toBe(true)
      expect(icon.headers()['content-type'], selector).toMatch(/^image\//)
    }
    await page.close()
  })

  it('has a Content Security Policy without inline scripts beyond the hashed theme boot', async () => {
    const page = await context.newPage()
    await page.goto(appUrl + '/')
    const csp =
      (await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ??
      ''
    const scriptSrc = csp.split(';').find((part) => part.trim().startsWith('script-src')) ?? ''
    expect(scriptSrc).not.toContain('unsafe-inline')
    expect(scriptSrc).not.toContain('unsafe-eval')
    expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/)
    expect(csp).toContain("object-src 'none'")
    // The boot script ran under the policy: the theme attribute was set before React.
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    await page.close()
  })
})

/** Checks `page` as laid out now: nothing wider than the viewport, the main column capped. */
async function expectFits(page: Page, label: string) {
  const { scroll, client, main } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
    main: document.querySelector('main')?.getBoundingClientRect().width ?? 0,
  }))
  expect(scroll, label).toBeLessThanOrEqual(client)
  // The main column holds at most 1080 px of content plus its gutters.
  expect(main, label).toBeLessThanOrEqual(1080 + 2 * 32)
}

describe('layout', () => {
  it.each([320, 375, 640, 1024, 1280, 1750, 1920])(
    'has no horizontal overflow at %i px, and content at most 1080 px wide',
    async (width) => {
      const page = await context.newPage()
      await page.setViewportSize({ width, height: 800 })
      for (const path of ['/', '/auth/email', '/tap', '/nope']) {
        await page.goto(appUrl + path)
        await page.locator('#root h1').waitFor()
        await expectFits(page, `${path} at ${width}px`)
      }
      await page.close()
    },
  )
})

describe('layout, signed in', () => {
  /** One signed-in page for all widths. */
  const signedInPage = suite.sharedSignedIn({ context: contextOptions })

  it.each([320, 375, 768, 1280, 1920])(
    'home, an event and the account have no horizontal overflow at %i px',
    async (width) => {
      const { page } = await signedInPage()
      await page.setViewportSize({ width, height: 800 })

      await page.goto(appUrl + '/')
      await expectEventsHome(page)
      await expectFits(page, `home at ${width}px`)
      const eventPath = (await page.getByTestId('event-card').first().getAttribute('href')) ?? ''

      await page.goto(appUrl + eventPath)
      await page.getByRole('article').getByRole('heading', { level: 1 }).waitFor()
      await expectFits(page, `${eventPath} at ${width}px`)

      await page.goto(appUrl + '/account')
      // The wallet panel loaded (no wallet in this browser), not its "Loading the wallet…".
      await page
        .getByTestId('no-wallet')
        .or(page.getByRole('button', { name: /^Connect / }))
        .waitFor()
      await expectFits(page, `/account at ${width}px`)
    },
  )
})
