/**
 * Chromium (Debian's, through playwright-core) for the journeys, on a site whose certificate a
 * local authority signed: each profile is a real one (a user data directory of its own, which
 * Chromium asks for before it honours a trusted key) that trusts the given public key, as a phone
 * trusts a public authority, so its service worker registers over HTTPS.
 */
import { X509Certificate, createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium as playwright, type Page } from 'playwright-core'
import { CHROMIUM_PATH, LAUNCH_ARGS, withDeadlines } from '../support/browser.ts'
import type { Engine, EngineProfile, EngineWindow } from './engine.ts'

/** The base64 SHA-256 of a certificate's public key (SPKI), as Chromium's trust switch takes it. */
export function spkiHash(pem: string): string {
  const key = new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' })
  return createHash('sha256').update(key).digest('base64')
}

/**
 * Features the Permissions-Policy header denies that Debian's Chromium for Linux desktop does not
 * have (Web Bluetooth, Web Share), which it calls unrecognized on every load; Chromium on a phone
 * has both.
 */
const NOT_ON_LINUX_DESKTOP =
  /^Error with Permissions-Policy header: Unrecognized feature: '(bluetooth|web-share)'\.$/

/**
 * The stand-ins speak plain HTTP on loopback (a deployment's services are HTTPS), so Chromium
 * warns of every event image it fetches from them for a page served over HTTPS.
 */
const STAND_IN_OVER_HTTP =
  /^Mixed Content: The page at 'https:\/\/localhost:\d+\/[^']*' was loaded over HTTPS, but requested an insecure element 'http:\/\/127\.0\.0\.1:\d+\/images\/[^']+'\. This request was not upgraded to HTTPS because its URL's host is an IP address\.$/

/** Reports a policy violation to the console as the journeys expect to hear it. */
function reportPolicyViolations() {
  document.addEventListener('securitypolicyviolation', (event) => {
    console.error(`Content-Security-Policy: ${event.violatedDirective} blocked ${event.blockedURI}`)
  })
}

function windowOf(page: Page): EngineWindow {
  return {
    goto: async (url) => void (await page.goto(url)),
    reload: async () => void (await page.reload()),
    url: () => Promise.resolve(page.url()),
    evaluate: (fn, arg) => page.evaluate(fn as (arg: unknown) => unknown, arg) as never,
    click: (css) => page.click(css),
    type: (css, text) => page.locator(css).pressSequentially(text),
    close: () => page.close(),
  }
}

/** Chromium, trusting the certificate whose chain has `trustedCertificate` (PEM), once known. */
export function chromiumTrusting(trustedCertificate: () => string): Engine {
  return {
    name: 'Chromium over HTTPS (Caddy)',
    async launch(): Promise<EngineProfile> {
      const dir = await mkdtemp(join(tmpdir(), 'iyk-chromium-https-'))
      const context = withDeadlines(
        await playwright.launchPersistentContext(dir, {
          executablePath: CHROMIUM_PATH,
          args: [
            ...LAUNCH_ARGS,
            `--ignore-certificate-errors-spki-list=${spkiHash(trustedCertificate())}`,
          ],
        }),
      )
      await context.addInitScript(reportPolicyViolations)
      const problems: string[] = []
      const watch = (page: Page) => {
        page.on('console', (message) => {
          const type = message.type()
          if (type !== 'error' && type !== 'warning') return
          if (NOT_ON_LINUX_DESKTOP.test(message.text())) return
          if (STAND_IN_OVER_HTTP.test(message.text())) return
          problems.push(`${type}: ${message.text()}`)
        })
        page.on('pageerror', (error) => problems.push(`pageerror: ${String(error)}`))
      }
      context.pages().forEach(watch)
      return {
        async open(url) {
          const page = await context.newPage()
          watch(page)
          const window = windowOf(page)
          await window.goto(url)
          return window
        },
        problems: () => Promise.resolve(problems.splice(0)),
        async close() {
          await context.close()
          await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 })
        },
      }
    },
  }
}
