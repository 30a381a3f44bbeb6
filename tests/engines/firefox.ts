/**
 * Firefox ESR (Debian's `/usr/bin/firefox-esr`) over WebDriver BiDi with puppeteer-core: Debian
 * has no geckodriver, and playwright-core's Firefox mode needs its own patched build.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import puppeteer, { type Browser, type Page } from 'puppeteer-core'
import type { Engine, EngineProfile, EngineWindow } from './engine.ts'

const EXECUTABLE = '/usr/bin/firefox-esr'

/** Reports a policy violation to the console, where the driver hears it (Firefox logs none there). */
function reportPolicyViolations() {
  document.addEventListener('securitypolicyviolation', (event) => {
    console.error(`Content-Security-Policy: ${event.violatedDirective} blocked ${event.blockedURI}`)
  })
}

function windowOf(page: Page): EngineWindow {
  return {
    goto: async (url) => {
      await page.goto(url)
    },
    reload: async () => {
      await page.reload()
    },
    url: () => Promise.resolve(page.url()),
    // Sent as source with a JSON argument, as the interface says (puppeteer's types also allow
    // handles, which the journeys never pass).
    evaluate: (fn, arg) => page.evaluate(fn as (arg: unknown) => unknown, arg) as never,
    click: (css) => page.click(css),
    type: (css, text) => page.type(css, text),
    close: () => page.close(),
  }
}

async function launch(): Promise<EngineProfile> {
  // Firefox wants a home of its own; the profile itself is a fresh temporary one per launch.
  const home = await mkdtemp(join(tmpdir(), 'iyk-firefox-'))
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: EXECUTABLE,
    headless: true,
    env: { ...process.env, HOME: home },
  })
  const problems: string[] = []
  const watch = async (page: Page) => {
    page.on('console', (message) => {
      const type = message.type()
      if (type === 'error' || type === 'warn') problems.push(`${type}: ${message.text()}`)
    })
    page.on('pageerror', (error) => problems.push(`pageerror: ${String(error)}`))
    await page.evaluateOnNewDocument(reportPolicyViolations)
    return page
  }
  return {
    async open(url) {
      const page = await watch(await browser.newPage({ type: 'window' }))
      await page.goto(url)
      return windowOf(page)
    },
    problems: () => Promise.resolve(problems.splice(0)),
    async close() {
      await browser.close()
      await rm(home, { recursive: true, force: true })
    },
  }
}

export const firefox: Engine = { name: 'Firefox', launch }
