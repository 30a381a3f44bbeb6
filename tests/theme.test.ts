/** Theme in real Chromium: dark by default, the choice survives a reload with no flash. */
import { describe, expect, inject, it } from 'vitest'
import { collectErrors } from './support/browser.ts'
import { browserSuite } from './support/browser-suite.ts'

const appUrl = inject('appUrl')
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

describe('theme', () => {
  it('is dark by default, and light survives a reload without a flash', async () => {
    const context = await suite.newContext()
    await context.addInitScript(recordThemeAtFirstParse)
    const page = await context.newPage()
    const errors = collectErrors(page)
    await page.goto(appUrl + '/')
    expect(
      await page.evaluate(() => (window as unknown as { themeAtBody: string }).themeAtBody),
    ).toBe('dark')
    expect(await page.evaluate(background)).toBe('rgb(22, 22, 22)')

    await page.getByRole('button', { name: 'Switch to light theme' }).click()
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light')
    expect(await page.evaluate(background)).toBe('rgb(250, 250, 247)')

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
})
