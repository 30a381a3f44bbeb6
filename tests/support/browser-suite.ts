/** The browser tests' one frame: one Chromium per file, fresh contexts and a reset stack per test. */
import { afterAll, beforeAll, beforeEach } from 'vitest'
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { launchBrowser, withDeadlines } from './browser.ts'
import { scaled } from './deadline.ts'
import { openInstalled, openSignedIn, type SignedIn } from './holder.ts'
import { resetStack } from './stack.ts'

/** How a test's holder starts: the context's options, and what to do to the context first. */
export interface HolderOptions {
  /** Options of the new context. */
  context?: BrowserContextOptions
  /** Runs on the new context before its first page opens (init scripts, say). */
  prepare?: (context: BrowserContext) => Promise<unknown>
  /** The address to sign in with; a fresh one when absent. */
  email?: string
}

/**
 * Every context starts on a system set to dark (Playwright would otherwise emulate light, and the
 * app follows the system until the holder chooses), unless a test asks for another.
 */
const withDefaults = (options?: BrowserContextOptions): BrowserContextOptions => ({
  colorScheme: 'dark',
  ...options,
})

/** A page, and the context it belongs to. */
export interface Opened {
  context: BrowserContext
  page: Page
}

/**
 * How long a page may take to say where it is, when a test has failed (stretched): a page that
 * does not answer by then is described as not answering.
 */
const DESCRIBE_MS = 2000

/** Where each page of `contexts` is: its address, load state, worker and the start of its text. */
async function describePages(contexts: readonly BrowserContext[]): Promise<string> {
  const lines: string[] = []
  for (const [index, context] of contexts.entries()) {
    const workers = context.serviceWorkers().map((worker) => worker.url())
    lines.push(`context ${index + 1}: service workers running: ${workers.join(', ') || 'none'}`)
    for (const page of context.pages()) {
      const state = page.evaluate(() => ({
        readyState: document.readyState,
        worker: navigator.serviceWorker?.controller?.state ?? 'no worker in control',
        text: (document.body?.innerText ?? '').replace(/\s+/g, ' ').trim().slice(0, 300),
      }))
      const timeout = new Promise<string>((resolve) =>
        setTimeout(
          () => resolve(`no answer within ${scaled(DESCRIBE_MS)} ms`),
          scaled(DESCRIBE_MS),
        ),
      )
      const said = await Promise.race([
        state.then((value) => JSON.stringify(value)),
        timeout,
      ]).catch((error: unknown) => `unreadable: ${String(error).slice(0, 200)}`)
      lines.push(`  page at ${page.url()}: ${said}`)
    }
  }
  return `What the test's pages showed when it failed:\n${lines.join('\n') || '  no page open'}`
}

/**
 * Registers the hooks (call it at the top of a test file); `beforeEachTest` runs after the stack
 * reset. Contexts made with `newContext` (and the helpers built on it) are closed before the next
 * test; shared ones after the file's tests.
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
  beforeEach(async ({ onTestFailed }) => {
    // A failed wait names what it waited for; this says what each page of the test was doing.
    onTestFailed(async () => console.log(await describePages(contexts)))
    await resetStack()
    await beforeEachTest?.()
    await Promise.all(contexts.splice(0).map((context) => context.close()))
  })

  async function newContext(options?: BrowserContextOptions): Promise<BrowserContext> {
    const context = withDeadlines(await browser.newContext(withDefaults(options)))
    contexts.push(context)
    return context
  }

  async function preparedContext(options: HolderOptions, shared: boolean) {
    const context = shared
      ? withDeadlines(await browser.newContext(withDefaults(options.context)))
      : await newContext(options.context)
    await options.prepare?.(context)
    return context
  }

  return {
    /** A new browser context, closed before the next test. */
    newContext,

    /** A new browser context for several tests (open it in `beforeAll`); closed with the browser. */
    newSharedContext: async (options?: BrowserContextOptions) =>
      withDeadlines(await browser.newContext(withDefaults(options))),

    /** A new context whose worker is installed and controlling its page, as after a first visit. */
    async installed(options: Omit<HolderOptions, 'email'> = {}): Promise<Opened> {
      const context = await preparedContext(options, false)
      return { context, page: await openInstalled(context) }
    },

    /** A new context with a holder signed in by emailed code on its installed page, on the events home. */
    async signedIn(options: HolderOptions = {}): Promise<SignedIn & { context: BrowserContext }> {
      const context = await preparedContext(options, false)
      return { context, ...(await openSignedIn(context, options.email)) }
    },

    /**
     * One installed page, signed out, for the tests of the `describe` this is called in (tests
     * that never sign in, each opening its own address first); its context is closed after them.
     */
    sharedInstalled(options: Omit<HolderOptions, 'email'> = {}): () => Promise<Page> {
      let page: Promise<Page> | undefined
      afterAll(async () => {
        await (await page)?.context().close()
      })
      return () => (page ??= preparedContext(options, true).then(openInstalled))
    },

    /**
     * One signed-in page for the tests of the `describe` this is called in: the first test that
     * asks signs in (the sign-in polls with `expect.poll`, which runs only inside a test); its
     * context is closed after them.
     */
    sharedSignedIn(options: HolderOptions = {}): () => Promise<SignedIn> {
      let context: BrowserContext | undefined
      let ready: Promise<SignedIn> | undefined
      afterAll(async () => {
        await context?.close()
      })
      const signIn = async () => {
        context = await preparedContext(options, true)
        return openSignedIn(context, options.email)
      }
      return () => (ready ??= signIn())
    },
  }
}
