/**
 * Firefox ESR (Debian's `/usr/bin/firefox-esr`) over WebDriver BiDi with puppeteer-core: Debian
 * has no geckodriver, and playwright-core's Firefox mode needs its own patched build.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import puppeteer, { type Browser, type Page } from 'puppeteer-core'
import { ACTION_TIMEOUT_MS } from '../support/browser.ts'
import { scaled } from '../support/deadline.ts'
import type { Engine, EngineProfile, EngineWindow } from './engine.ts'

const EXECUTABLE = '/usr/bin/firefox-esr'

/** Reports a policy violation to the console, where the driver hears it (Firefox logs none there). */
function reportPolicyViolations() {
  document.addEventListener('securitypolicyviolation', (event) => {
    console.error(`Content-Security-Policy: ${event.violatedDirective} blocked ${event.blockedURI}`)
  })
}

/**
 * What Firefox reports in a page for a load its worker was serving when the page was left: the
 * navigation aborted it (NS_BINDING_ABORTED). Chromium and WebKit say nothing of these.
 */
const ABORTED_BY_LEAVING =
  /^Error: Failed to load ‘[^’]*’\. A ServiceWorker intercepted the request and encountered an unexpected error\.$/

/** A page's window; `leaving` is true while a navigation the journey started is under way. */
function windowOf(page: Page, state: { leaving: boolean }): EngineWindow {
  const leave = async (navigation: () => Promise<unknown>) => {
    state.leaving = true
    try {
      await navigation()
    } finally {
      state.leaving = false
    }
  }
  return {
    goto: (url) => leave(() => page.goto(url)),
    reload: () => leave(() => page.reload()),
    url: () => Promise.resolve(page.url()),
    // Sent as source with a JSON argument, as the interface says (puppeteer's types also allow
    // handles, which the journeys never pass).
    evaluate: (fn, arg) => page.evaluate(fn as (arg: unknown) => unknown, arg) as never,
    click: (css) => page.click(css),
    type: (css, text) => page.type(css, text),
    close: () => page.close(),
  }
}

/** One Firefox per test file, its home removed with it; each profile is a user context of it. */
let running: Promise<{ browser: Browser; home: string }> | undefined

async function startFirefox() {
  // Firefox wants a home of its own; its profile is a fresh temporary one.
  const home = await mkdtemp(join(tmpdir(), 'iyk-firefox-'))
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: EXECUTABLE,
    headless: true,
    env: { ...process.env, HOME: home },
    // Twice puppeteer's own 30 s, stretched: a first start builds a profile.
    timeout: scaled(60_000),
  })
  return { browser, home }
}

/**
 * A fresh profile: a new user context (its own cookies, storage, caches and service workers, as
 * a separate profile has).
 */
async function launch(): Promise<EngineProfile> {
  running ??= startFirefox()
  const { browser } = await running
  const context = await browser.createBrowserContext()
  const problems: string[] = []
  const watch = async (page: Page) => {
    const state = { leaving: false }
    // Navigations and waits get the same stretched default as Chromium's (tests/support/browser.ts).
    page.setDefaultTimeout(scaled(ACTION_TIMEOUT_MS))
    page.setDefaultNavigationTimeout(scaled(ACTION_TIMEOUT_MS))
    page.on('console', (message) => {
      const type = message.type()
      if (type === 'error' || type === 'warn') problems.push(`${type}: ${message.text()}`)
    })
    page.on('pageerror', (error) => {
      // A load of the page being left, cut short by the journey's own navigation, is no error of
      // the app's; the same message at any other moment is one.
      if (state.leaving && ABORTED_BY_LEAVING.test(String(error))) return
      problems.push(`pageerror: ${String(error)}`)
    })
    await page.evaluateOnNewDocument(reportPolicyViolations)
    return { page, state }
  }
  return {
    async open(url) {
      const { page, state } = await watch(await context.newPage({ type: 'window' }))
      const window = windowOf(page, state)
      await window.goto(url)
      return window
    },
    problems: () => Promise.resolve(problems.splice(0)),
    close: () => context.close(),
  }
}

/** Closes this file's Firefox and removes its home. */
async function shutdown(): Promise<void> {
  const started = running
  running = undefined
  if (!started) return
  const { browser, home } = await started
  await browser.close()
  await rm(home, { recursive: true, force: true })
}

export const firefox: Engine = { name: 'Firefox', launch, shutdown }
