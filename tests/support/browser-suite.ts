/** The browser tests' usual frame: one Chromium per file, fresh contexts and a reset stack per test. */
import { afterAll, beforeAll, beforeEach } from 'vitest'
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core'
import { launchBrowser } from './browser.ts'
import { resetStack } from './stack.ts'

/**
 * Registers the hooks (call it at the top of a test file); `beforeEachTest` runs after the stack
 * reset. Contexts made with `newContext` are closed before the next test.
 */
export function browserSuite(beforeEachTest?: () => Promise<void>) {
  let browser: Browser
  const contexts: BrowserContext[] = []
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser.close()
  })
  beforeEach(async () => {
    await resetStack()
    await beforeEachTest?.()
    await Promise.all(contexts.splice(0).map((context) => context.close()))
  })
  return {
    /** A new browser context, closed before the next test. */
    async newContext(options?: BrowserContextOptions): Promise<BrowserContext> {
      const context = await browser.newContext(options)
      contexts.push(context)
      return context
    },
  }
}
