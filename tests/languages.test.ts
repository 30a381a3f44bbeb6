/**
 * The holder's language in real Chromium: a browser's languages decide the first visit, from the
 * first paint (no English flashes into it) with the catalog loaded beside the start-up chunk; the
 * holder's choice holds over a reload and a sign-out; German fits a 320 px screen.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { appShown, collectErrors } from './support/browser.ts'
import { browserSuite } from './support/browser-suite.ts'
import { said } from './support/catalog.ts'
import { openSignedIn } from './support/holder.ts'
import { appUrl } from './support/test-stack.ts'

const suite = browserSuite()

/** A language's catalog chunk (`/assets/es-….js`), by the language it names. */
const CATALOG = /\/assets\/(es|pt-BR|fr|de|ja)-[\w-]+\.js$/

/**
 * Records, from the first byte parsed, the page's language when <body> is parsed and the text of
 * every level-one heading that was ever shown (laid out, so a paint at that moment would show it):
 * the frame's, then the app's. The page holds every frame in every language until its first-paint
 * script keeps one; those it hides are not shown.
 */
const recordFirstPaint = () => {
  const seen = { langAtBody: '', headings: [] as string[] }
  ;(window as unknown as { seen: typeof seen }).seen = seen
  const look = () => {
    if (document.body && seen.langAtBody === '') seen.langAtBody = document.documentElement.lang
    for (const heading of Array.from(document.querySelectorAll('h1'))) {
      if (!heading.checkVisibility()) continue
      const text = heading.textContent?.trim() ?? ''
      if (text && seen.headings.at(-1) !== text) seen.headings.push(text)
    }
  }
  new MutationObserver(look).observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
  })
}

const seen = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { seen: { langAtBody: string; headings: string[] } }).seen,
  )

describe('the holder’s language', () => {
  it('follows a Spanish browser from the first paint, its catalog loaded beside the start-up chunk', async () => {
    const context = await suite.newContext({ locale: 'es-MX' })
    await context.addInitScript(recordFirstPaint)
    const page = await context.newPage()
    const errors = collectErrors(page)
    const catalogs: string[] = []
    page.on('request', (request) => {
      const match = CATALOG.exec(new URL(request.url()).pathname)
      if (match?.[1]) catalogs.push(match[1])
    })
    await page.goto(appUrl + '/')
    await appShown(page)
    const heading = await said('es', 'Your events, one tap away')
    await page.getByRole('heading', { level: 1, name: heading }).waitFor()

    const { langAtBody, headings } = await seen(page)
    expect(langAtBody).toBe('es')
    // The frame and the app said the same Spanish heading; nothing English came between.
    expect(headings).toEqual([heading])
    expect(await page.getByRole('link', { name: await said('es', 'Sign in') }).count()).toBe(1)
    expect(catalogs).toEqual(['es'])

    // Requested while the start-up chunk was still arriving, not after it ran.
    const timing = await page.evaluate(() => {
      const scripts = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
      const find = (pattern: RegExp) => scripts.find((entry) => pattern.test(entry.name))
      return {
        catalog: find(/\/assets\/es-[\w-]+\.js$/)?.startTime ?? Infinity,
        entryDone: find(/\/assets\/index-[\w-]+\.js$/)?.responseEnd ?? -Infinity,
      }
    })
    expect(timing.catalog).toBeLessThan(timing.entryDone)
    expect(errors).toEqual([])
  })

  it('loads no catalog for English, whose words are in the code', async () => {
    const context = await suite.newContext({ locale: 'en-GB' })
    const page = await context.newPage()
    const catalogs: string[] = []
    page.on('request', (request) => {
      if (CATALOG.test(new URL(request.url()).pathname)) catalogs.push(request.url())
    })
    await page.goto(appUrl + '/')
    await appShown(page)
    await page.getByRole('heading', { level: 1, name: 'Your events, one tap away' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en')
    expect(catalogs).toEqual([])
  })

  it('keeps the holder’s choice on the device: over a reload and a sign-out, from the first paint', async () => {
    const context = await suite.newContext()
    await context.addInitScript(recordFirstPaint)
    const { page } = await openSignedIn(context)
    const errors = collectErrors(page)

    await page.getByRole('link', { name: 'Account' }).click()
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de')
    const account = await said('de', 'Account')
    await page.getByRole('heading', { level: 1, name: account }).waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de')
    expect(await page.title()).toBe(`${account} · IYK Cards`)

    await page.getByRole('button', { name: await said('de', 'Sign out') }).click()
    await page.waitForURL(appUrl + '/')
    const landing = await said('de', 'Your events, one tap away')
    await page.getByRole('heading', { level: 1, name: landing }).waitFor()

    await page.goto(appUrl + '/auth/email')
    const signIn = await said('de', 'Sign in')
    await page.getByRole('heading', { level: 1, name: signIn }).waitFor()
    const { langAtBody, headings } = await seen(page)
    expect(langAtBody).toBe('de')
    expect(headings).toEqual([signIn])

    // The sign-in page has the switch too.
    await page.getByRole('combobox', { name: await said('de', 'Language') }).selectOption('ja')
    await page.getByRole('heading', { level: 1, name: await said('ja', 'Sign in') }).waitFor()
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('ja')
    expect(errors).toEqual([])
  })

  it('fits German on a 320 px screen: nothing cut off, nothing wider than the screen', async () => {
    const context = await suite.newContext({ viewport: { width: 320, height: 640 } })
    const { page } = await openSignedIn(context)
    // Signed in (in English, as the sign-in helper reads it), then German.
    await page.evaluate(() => localStorage.setItem('locale', 'de'))
    const overflowing = () =>
      page.evaluate(() => {
        const found: string[] = []
        if (document.documentElement.scrollWidth > window.innerWidth) {
          found.push(`the page is ${document.documentElement.scrollWidth} px wide`)
        }
        for (const element of Array.from(document.querySelectorAll('main *, header *'))) {
          if (!(element instanceof HTMLElement) || !element.innerText?.trim()) continue
          const box = element.getBoundingClientRect()
          // Text for screen readers only is a 1 px box by design.
          if (box.width <= 1 && box.height <= 1) continue
          const style = getComputedStyle(element)
          const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis'
          if (clips && element.scrollWidth > element.clientWidth + 1) {
            found.push(`cut off: “${element.innerText.trim().slice(0, 60)}”`)
          }
          if (box.width > 0 && box.right > window.innerWidth + 1) {
            found.push(`past the edge: “${element.innerText.trim().slice(0, 60)}”`)
          }
        }
        return found
      })
    const screens: [string, string][] = [
      ['/', 'Your events'],
      ['/account', 'Account'],
      ['/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3', 'Card tap'],
    ]
    for (const [path, title] of screens) {
      await page.goto(appUrl + path)
      await appShown(page)
      await page.getByRole('heading', { level: 1, name: await said('de', title) }).waitFor()
      expect(await overflowing(), path).toEqual([])
    }
    for (const path of ['/auth/email', '/no/such/page']) {
      await page.goto(appUrl + path)
      await appShown(page)
      await page.locator('main h1').waitFor()
      expect(await overflowing(), path).toEqual([])
    }
    // The check itself finds a word cut off, and one past the screen's edge.
    await page.evaluate(() => {
      const cut = document.createElement('p')
      cut.style.cssText = 'overflow: hidden; white-space: nowrap; width: 60px'
      cut.textContent = 'Donaudampfschifffahrtsgesellschaft'
      const wide = document.createElement('p')
      wide.style.cssText = 'width: 400px'
      wide.textContent = 'Kapitänsmützenaufbewahrungsschrank'
      document.querySelector('main')?.append(cut, wide)
    })
    expect(await overflowing()).toEqual(
      expect.arrayContaining([
        'cut off: “Donaudampfschifffahrtsgesellschaft”',
        'past the edge: “Kapitänsmützenaufbewahrungsschrank”',
      ]),
    )
  })
})
