/** The page's and the worker's policies, and where their violations go. */
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../src/config/defaults.ts'
import { themeBootScript } from '../theme-boot.ts'
import {
  connectOrigins,
  contentSecurityPolicy,
  metaPolicyOf,
  pageHeaderPolicy,
  securityReportUrl,
  workerPolicy,
} from './policies.ts'

describe('connect origins', () => {
  it('lists each configured origin once', () => {
    expect(connectOrigins(parseConfig({}))).toEqual([
      'http://127.0.0.1:8787',
      'http://127.0.0.1:8788',
      'http://127.0.0.1:8545',
      'http://127.0.0.1:8546',
      'http://127.0.0.1:8789',
    ])
  })

  it('leaves the error reporter out when reporting is off', () => {
    expect(connectOrigins(parseConfig({ VITE_SENTRY_DSN: '' }))).not.toContain(
      'http://127.0.0.1:8789',
    )
  })
})

/**
 * Directives that Chromium, Firefox and WebKit (every port: WebKitGTK and WPE as well as Safari)
 * all know and that take effect in a `<meta>` policy. A directive an engine does not know is a
 * console error on every load there ("Unrecognized Content-Security-Policy directive"); it
 * protects nothing in that engine either. `manifest-src` is the one exception: with nothing
 * allowed by default, Chromium and Firefox would refuse the manifest without it; WebKit parses it
 * only in builds with ENABLE(APPLICATION_MANIFEST) (Safari), and WebKitGTK and WPE, which fetch no
 * manifest, call it unrecognized (WebCore/page/csp/ContentSecurityPolicyDirectiveNames.cpp;
 * decision 036). Left out on purpose:
 * - `prefetch-src` (not in WebKit), `plugin-types` (dropped by Chromium and Firefox),
 *   `block-all-mixed-content` (deprecated by CSP3);
 * - `frame-ancestors`, `report-uri` and `sandbox`: all three know them, but CSP3 ignores them in a
 *   meta element (with a console warning); `frame-ancestors` is sent as a header (README).
 */
const DIRECTIVES_ALL_ENGINES_KNOW = new Set([
  // Trusted Types: enforced from a meta policy by Chromium, Firefox 153 ESR and WebKitGTK 2.50
  // alike (a string assigned to a script's `src` refused, a policy of another name refused).
  'require-trusted-types-for',
  'trusted-types',
  'default-src',
  'script-src',
  'script-src-elem',
  'script-src-attr',
  'style-src',
  'style-src-elem',
  'style-src-attr',
  'img-src',
  'font-src',
  'connect-src',
  'media-src',
  'object-src',
  'frame-src',
  'child-src',
  'worker-src',
  'base-uri',
  'form-action',
  'upgrade-insecure-requests',
])

/** The policy's directives by name, each with its values. */
const directives = (policy: string) =>
  new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/)
      return [name.toLowerCase(), values] as const
    }),
  )

describe('content security policy', () => {
  const config = parseConfig({ VITE_IMAGE_ORIGINS: 'https://assets.poap.xyz' })

  it('uses only directives that Chromium, Firefox and WebKit all know, and manifest-src', () => {
    const policy = contentSecurityPolicy(config, [themeBootScript], ['body{}'])
    const names = [...directives(policy).keys()]
    expect(names.length).toBeGreaterThan(5)
    expect(names.filter((name) => !DIRECTIVES_ALL_ENGINES_KNOW.has(name))).toEqual(['manifest-src'])
  })

  it('allows nothing by default: each kind of load the page makes has its own directive', () => {
    const policy = directives(contentSecurityPolicy(config, []))
    expect(policy.get('default-src')).toEqual(["'none'"])
    for (const kind of ['script', 'style', 'img', 'font', 'connect', 'worker', 'manifest']) {
      expect(policy.get(`${kind}-src`)?.[0], kind).toBe("'self'")
    }
  })

  it('allows the boot script by its hash, and no other inline script', () => {
    const policy = contentSecurityPolicy(config, [themeBootScript])
    const scriptSrc = policy.split('; ').find((part) => part.startsWith('script-src'))
    expect(scriptSrc).toMatch(/^script-src 'self' 'sha256-[A-Za-z0-9+/]{43}='$/)
    expect(policy).not.toContain('unsafe-inline')
    expect(contentSecurityPolicy(config, ['other()'])).not.toBe(policy)
  })

  it('fences images and requests to the configured origins', () => {
    const policy = contentSecurityPolicy(config, [])
    expect(policy).toContain(
      "img-src 'self' data: blob: https://assets.poap.xyz http://127.0.0.1:8788",
    )
    expect(policy).toContain(`connect-src 'self' ${connectOrigins(config).join(' ')}`)
    expect(policy).toContain("frame-src 'none'")
  })
})

describe('where violations go', () => {
  it('is the error reporter’s security endpoint, named by the DSN', () => {
    expect(securityReportUrl('https://abc123@o1.ingest.example.io/4507')).toBe(
      'https://o1.ingest.example.io/api/4507/security/?sentry_key=abc123',
    )
    expect(securityReportUrl('http://public@127.0.0.1:8789/1')).toBe(
      'http://127.0.0.1:8789/api/1/security/?sentry_key=public',
    )
    // A reporter under a path keeps it, as Sentry's own DSN parsing does.
    expect(securityReportUrl('https://key@sentry.example/base/7')).toBe(
      'https://sentry.example/base/api/7/security/?sentry_key=key',
    )
  })

  it('is nowhere when reporting is off, and a DSN without key or project is refused', () => {
    expect(securityReportUrl('')).toBeNull()
    expect(() => securityReportUrl('https://sentry.example/7')).toThrow(/no key or project/)
    expect(() => securityReportUrl('https://key@sentry.example/')).toThrow(/no key or project/)
  })
})

describe('header policies', () => {
  const config = parseConfig({})
  const report = 'https://sentry.example/api/7/security/?sentry_key=key'

  it('give the page its meta policy word for word but Trusted Types, then framing and reporting', () => {
    const meta = contentSecurityPolicy(config, [themeBootScript], ['body{}'])
    expect(meta).toContain(
      "; require-trusted-types-for 'script'; trusted-types iyk-boot iyk-worker",
    )
    // Trusted Types are the meta element's alone: enforced, never reported (their reports carry
    // what a page script wrote).
    const reported = meta.replace(/; require-trusted-types-for [^;]+; trusted-types [^;]+/, '')
    expect(pageHeaderPolicy(meta, report)).toBe(
      `${reported}; frame-ancestors 'none'; report-uri ${report}`,
    )
    expect(pageHeaderPolicy(meta, null)).toBe(`${reported}; frame-ancestors 'none'`)
  })

  it('let the worker reach exactly its own origin, the provider, cards API, reporter and images', () => {
    const policy = directives(
      workerPolicy(parseConfig({ VITE_IMAGE_ORIGINS: 'https://img.example' }), report),
    )
    expect(policy.get('default-src')).toEqual(["'none'"])
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'http://127.0.0.1:8787',
      'http://127.0.0.1:8788',
      'http://127.0.0.1:8789',
      'https://img.example',
    ])
    // No wallet RPC: only pages talk to wallets.
    expect(policy.get('connect-src')).not.toContain('http://127.0.0.1:8545')
    expect(policy.get('report-uri')).toEqual([report])
    expect([...policy.keys()].sort()).toEqual(['connect-src', 'default-src', 'report-uri'].sort())
  })

  it('never ask for a sample of the code that broke them (a report could carry a secret)', () => {
    const page = pageHeaderPolicy(contentSecurityPolicy(config, [themeBootScript]), report)
    for (const policy of [page, workerPolicy(config, report)]) {
      expect(policy).not.toContain("'report-sample'")
    }
  })

  it('read the policy back from a built page', () => {
    const meta = contentSecurityPolicy(config, [])
    expect(metaPolicyOf(`<meta http-equiv="Content-Security-Policy" content="${meta}" />`)).toBe(
      meta,
    )
    expect(metaPolicyOf('<html></html>')).toBeNull()
  })
})
