/** Theme in real Chromium: dark by default, the choice survives a reload with no flash. */
import { describe, expect, it } from 'vitest'
import { collectErrors } from './support/browser.ts'
import { browserSuite } from './support/browser-suite.ts'
import { appUrl } from './support/test-stack.ts'

const suite = browserSuite()

/** Records the theme at the moment <body> is parsed: before any module script or paint. */
const recordThemeAtFirstParse = () => {
  new MutationObserver((_, observer) => {
    if (!document.body) return
    ;(window as unknown as { themeAtBody: string }).themeAtBody =
      document.documentElement.dataset.theme ?? 'none'
    observer.disconnect()
  }).observe(document, { childList: true, subtree: true })
}

const background = () => getComputedStyle(document.documentElement).backgroundColor

/** The colour the browser's bar takes. */
const themeColor = () =>
  document.querySelector('meta[name="theme-color"]')?.getAttribute('content') ?? null

describe('theme', () => {
  it('is dark on a dark system, and a chosen light survives a reload without a flash', async () => {
    const context = await suite.newContext()
    await context.addInitScript(recordThemeAtFirstParse)
    const page = await context.newPage()
    const errors = collectErrors(page)
    await page.goto(appUrl + '/')
    expect(
      await page.evaluate(() => (window as unknown as { themeAtBody: string }).themeAtBody),
    ).toBe('dark')
    expect(await page.evaluate(background)).toBe('rgb(22, 22, 22)')

    expect(await page.evaluate(themeColor)).toBe('#161616')

    await page.getByRole('button', { name: 'Switch to light theme' }).click()
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light')
    expect(await page.evaluate(background)).toBe('rgb(250, 250, 247)')
    expect(await page.evaluate(themeColor)).toBe('#fafaf7')

    await page.reload()
    // Light was on <html> before the body was parsed: the first paint is light.
    expect(
      await page.evaluate(() => (window as unknown as { themeAtBody: string }).themeAtBody),
    ).toBe('light')
    expect(await page.evaluate(background)).toBe('rgb(250, 250, 247)')
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor()

    await page.goto(appUrl + '/tap')
    expect(
      await page.evaluate(() => (window as unknown as { themeAtBody: string }).themeAtBody),
    ).toBe('light')
    expect(errors).toEqual([])
  })

  it('shows the icon and the name of the theme it switches to, in the first-paint frame and in the app', async () => {
    const context = await suite.newContext()
    // The frame alone first: the app's scripts held back.
    await context.route(/\/assets\/.+\.js$/, (route) => route.abort())
    await context.addInitScript(() => localStorage.setItem('theme', 'light'))
    const page = await context.newPage()
    const shown = () =>
      page.$$eval('header .theme-icon', (icons) =>
        icons
          .filter((icon) => getComputedStyle(icon).display !== 'none')
          .map((icon) => icon.getAttribute('class')),
      )
    await page.goto(appUrl + '/')
    // The frame was prerendered in the dark theme; a light page still shows the moon, and the
    // switch (disabled until the app takes over) is named for what it would do here.
    expect(await shown()).toEqual(['theme-icon theme-icon--moon'])
    const frameSwitch = page.getByRole('button', { name: 'Switch to dark theme' })
    expect(await frameSwitch.isDisabled()).toBe(true)
    expect(await frameSwitch.getAttribute('title')).toBe('Switch to dark theme')

    await context.unroute(/\/assets\/.+\.js$/)
    await page.reload()
    await page.getByRole('button', { name: 'Switch to dark theme' }).click()
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor()
    expect(await shown()).toEqual(['theme-icon theme-icon--sun'])
  })

  it("follows the system's light preference on a first visit, until the holder chooses", async () => {
    const context = await suite.newContext({ colorScheme: 'light' })
    await context.addInitScript(recordThemeAtFirstParse)
    const page = await context.newPage()
    await page.goto(appUrl + '/')
    expect(
      await page.evaluate(() => (window as unknown as { themeAtBody: string }).themeAtBody),
    ).toBe('light')
    expect(await page.evaluate(themeColor)).toBe('#fafaf7')

    await page.getByRole('button', { name: 'Switch to dark theme' }).click()
    expect(await page.evaluate(themeColor)).toBe('#161616')
    await page.reload()
    // The holder's choice wins over the system's from then on.
    expect(
      await page.evaluate(() => (window as unknown as { themeAtBody: string }).themeAtBody),
    ).toBe('dark')
    expect(await page.evaluate(themeColor)).toBe('#161616')
  })
})
