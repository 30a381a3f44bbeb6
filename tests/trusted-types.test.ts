/**
 * Trusted Types in real Chromium (the Firefox and WebKit journeys run under the same policy): the
 * page's policy requires them, so no string becomes a script URL, script text or HTML; the app's
 * own two policies (the start script's, the worker's) are the only ones, each made once; and a
 * holder signs in and sees their events with no Trusted Types refusal on the way.
 */
import { expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { TRUSTED_TYPES_POLICIES } from '../src/core/trusted-types.ts'
import { browserSuite } from './support/browser-suite.ts'
import { appUrl } from './support/test-stack.ts'

const suite = browserSuite()

/** What the browser says when a string meets a Trusted Types sink or a policy is refused. */
const TRUSTED_TYPES_MESSAGE = /Trusted ?(Script|HTML|Type)|trusted-types/i

/** Trusted Types refusals and page errors of every page the context opens, as they come. */
function watch(page: Page, said: string[]) {
  page.on('console', (message) => {
    if (TRUSTED_TYPES_MESSAGE.test(message.text())) said.push(message.text())
  })
  page.on('pageerror', (error) => said.push(`page error: ${error.message}`))
}

it('signs a holder in with no refusal, and refuses every string and every other policy after', async () => {
  const said: string[] = []
  const { page } = await suite.signedIn({
    prepare: async (context) => context.on('page', (opened) => watch(opened, said)),
  })
  // The start script's policy loaded the app, the worker's registered the worker.
  expect(said).toEqual([])
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
    `${appUrl}/sw.js`,
  )

  const attempts = await page.evaluate((names) => {
    const attempt = (fn: () => unknown) => {
      try {
        fn()
        return 'allowed'
      } catch (error) {
        return (error as Error).name
      }
    }
    const factory = (window as unknown as { trustedTypes: TrustedTypesLike }).trustedTypes
    interface TrustedTypesLike {
      createPolicy(name: string, rules: { createScriptURL(url: string): string }): unknown
    }
    return {
      scriptUrl: attempt(() => {
        document.createElement('script').src = '/assets/evil.js'
      }),
      scriptText: attempt(() => {
        document.createElement('script').textContent = 'globalThis.evil = true'
      }),
      html: attempt(() => {
        document.createElement('div').innerHTML = '<img src=x onerror="globalThis.evil = true">'
      }),
      otherPolicy: attempt(() => factory.createPolicy('evil', { createScriptURL: (url) => url })),
      appPoliciesAgain: Object.values(names).map((name) =>
        attempt(() => factory.createPolicy(name, { createScriptURL: (url) => url })),
      ),
    }
  }, TRUSTED_TYPES_POLICIES)
  expect(attempts).toEqual({
    scriptUrl: 'TypeError',
    scriptText: 'TypeError',
    html: 'TypeError',
    otherPolicy: 'TypeError',
    appPoliciesAgain: ['TypeError', 'TypeError'],
  })
  expect(await page.evaluate(() => 'evil' in globalThis)).toBe(false)
})
