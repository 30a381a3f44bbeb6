/** The build's page shell: theme boot before paint, share URLs, and a policy that fits the config. */
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../src/config/defaults.ts'
import {
  absoluteShareUrls,
  appStartScript,
  connectOrigins,
  contentSecurityPolicy,
  referrerMeta,
  renderPageShell,
  themeBootScript,
} from './page-shell.ts'
import { landingBootScript } from './landing-boot.ts'

/**
 * Runs the boot script against a stand-in page, storage and system preference; returns the theme
 * it set and the colour it gave the browser's bar.
 */
function boot(storage: { getItem(key: string): string | null }, systemPrefersLight = false) {
  const documentElement = { dataset: {} as Record<string, string> }
  const meta = {
    content: '#161616',
    setAttribute: (_: string, value: string) => void (meta.content = value),
  }
  const document = { documentElement, querySelector: () => meta }
  const window = { matchMedia: () => ({ matches: systemPrefersLight }) }
  new Function('document', 'localStorage', 'window', 'matchMedia', themeBootScript)(
    document,
    storage,
    window,
    window.matchMedia,
  )
  return { theme: documentElement.dataset.theme, color: meta.content }
}

const nothingStored = { getItem: () => null }

describe('theme boot script', () => {
  it('follows the system when the holder has not chosen, dark where it says nothing', () => {
    expect(boot(nothingStored)).toEqual({ theme: 'dark', color: '#161616' })
    expect(boot(nothingStored, true)).toEqual({ theme: 'light', color: '#fafaf7' })
    expect(boot({ getItem: () => 'purple' }, true).theme).toBe('light')
  })

  it("keeps the holder's choice over the system's", () => {
    const chose = (theme: string) => ({
      getItem: (key: string) => (key === 'theme' ? theme : null),
    })
    expect(boot(chose('dark'), true)).toEqual({ theme: 'dark', color: '#161616' })
    expect(boot(chose('light'), false)).toEqual({ theme: 'light', color: '#fafaf7' })
  })

  it('falls back to the system when storage throws (blocked storage)', () => {
    const blocked = {
      getItem(): string | null {
        throw new DOMException('denied', 'SecurityError')
      },
    }
    expect(boot(blocked).theme).toBe('dark')
    expect(boot(blocked, true).theme).toBe('light')
  })
})

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
 * protects nothing in that engine either. Left out on purpose:
 * - `manifest-src`: WebKit parses it only in builds with ENABLE(APPLICATION_MANIFEST) (Safari),
 *   not WebKitGTK or WPE (WebCore/page/csp/ContentSecurityPolicyDirectiveNames.cpp); the manifest
 *   falls back to `default-src`;
 * - `prefetch-src` (not in WebKit), `plugin-types` (dropped by Chromium and Firefox),
 *   `block-all-mixed-content` (deprecated by CSP3), `trusted-types` and
 *   `require-trusted-types-for` (not in every engine);
 * - `frame-ancestors`, `report-uri` and `sandbox`: all three know them, but CSP3 ignores them in a
 *   meta element (with a console warning); `frame-ancestors` is sent as a header (README).
 */
const DIRECTIVES_ALL_ENGINES_KNOW = new Set([
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

  it('uses only directives that Chromium, Firefox and WebKit all know in a meta policy', () => {
    const policy = contentSecurityPolicy(config, [themeBootScript], ['body{}'])
    const names = [...directives(policy).keys()]
    expect(names.length).toBeGreaterThan(5)
    expect(names.filter((name) => !DIRECTIVES_ALL_ENGINES_KNOW.has(name))).toEqual([])
  })

  it('lets the same-origin manifest load through default-src, with no manifest-src', () => {
    const policy = directives(contentSecurityPolicy(config, []))
    expect(policy.has('manifest-src')).toBe(false)
    expect(policy.get('default-src')).toContain("'self'")
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

describe('page shell', () => {
  const html = '<head><!-- csp --><!-- theme-boot --></head>'

  it('inlines the boot script and adds the policy in builds', () => {
    const built = renderPageShell(html, parseConfig({}), { csp: true })
    expect(built).toContain(`<script>${themeBootScript}</script>`)
    expect(built).toContain('<meta http-equiv="Content-Security-Policy" content="default-src')
  })

  it('inlines the entry stylesheet and allows exactly it by hash', () => {
    const css = 'body{color:red}'
    const page =
      '<head><!-- csp --><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>'
    const built = renderPageShell(page, parseConfig({}), {
      csp: true,
      readAsset: (path) => (path === 'assets/index-abc.css' ? css : undefined),
    })
    expect(built).toContain(`<style>${css}</style>`)
    expect(built).not.toContain('<link rel="stylesheet"')
    const policy = /content="([^"]+)"/.exec(built)?.[1] ?? ''
    expect(policy).toContain(
      `style-src 'self' ${contentSecurityPolicy(parseConfig({}), [], [css]).match(/'sha256-[^']+'/)?.[0]}`,
    )
    expect(policy).not.toContain('unsafe-inline')
  })

  it('keeps the link when the stylesheet cannot be read', () => {
    const page = '<head><!-- csp --><link rel="stylesheet" href="/assets/index-abc.css"></head>'
    const built = renderPageShell(page, parseConfig({}), { csp: true, readAsset: () => undefined })
    expect(built).toContain('<link rel="stylesheet" href="/assets/index-abc.css">')
    expect(built).toContain("style-src 'self';")
  })

  it('puts the prerendered frames in the page and allows their script by hash', () => {
    const shell = { html: '<div id="shell">frames</div>', script: 'pick()' }
    const page = '<head><!-- csp --></head><body><div id="root"></div><!-- shell --></body>'
    const built = renderPageShell(page, parseConfig({}), { csp: true, shell })
    expect(built).toContain(
      '<div id="root"></div><div id="shell">frames</div><script>pick()</script>',
    )
    const policy = /content="([^"]+)"/.exec(built)?.[1] ?? ''
    const withBoth = contentSecurityPolicy(parseConfig({}), [themeBootScript, 'pick()'])
    expect(policy).toContain(withBoth.split('; ')[1])
  })

  it('with the frames, starts the app only once the frame has painted', () => {
    const shell = { html: '<div id="shell">frames</div>', script: 'pick()' }
    const page = [
      '<head><!-- csp -->',
      '<script type="module" crossorigin src="/assets/runtime-abc.js"></script>',
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/react-def.js">',
      '</head><body><div id="root"></div><!-- shell --></body>',
    ].join('')
    const built = renderPageShell(page, parseConfig({}), { csp: true, shell })
    const start = appStartScript(['/assets/runtime-abc.js', '/assets/index-abc.js'])
    // No script element runs a bundle: the start script adds them after the frame's paint.
    expect(built).not.toContain('<script type="module"')
    for (const asset of ['runtime-abc', 'index-abc', 'react-def']) {
      expect(built).toContain(
        `<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/${asset}.js">`,
      )
    }
    expect(built).toContain(`<script>pick()</script><script>${start}</script>`)
    const policy = /content="([^"]+)"/.exec(built)?.[1] ?? ''
    const withAll = contentSecurityPolicy(parseConfig({}), [themeBootScript, start, 'pick()'])
    expect(policy).toContain(withAll.split('; ')[1])
  })

  it('without frames, leaves the entry script as Vite wrote it', () => {
    const page =
      '<head><!-- csp --><script type="module" crossorigin src="/assets/index-abc.js"></script></head>'
    const built = renderPageShell(page, parseConfig({}), { csp: true })
    expect(built).toContain(
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
    )
  })

  it('states the referrer policy and runs the landing boot script where the page says, by hash', () => {
    const page = '<head><!-- referrer --><!-- csp --><!-- landing-boot --><link rel="icon"></head>'
    const built = renderPageShell(page, parseConfig({}), { csp: true })
    expect(built).toMatch(
      /^<head><meta name="referrer" content="strict-origin" \/><meta http-equiv="Content-Security-Policy" content="[^"]+" \/><script>/,
    )
    expect(built).toContain(`<script>${landingBootScript}</script><link rel="icon">`)
    const policy = /content="([^"]+)"/g
    const scriptSrc = [...built.matchAll(policy)][1]?.[1]?.split('; ')[1]
    expect(scriptSrc).toBe(
      contentSecurityPolicy(parseConfig({}), [themeBootScript, landingBootScript]).split('; ')[1],
    )
    expect(referrerMeta).toBe('<meta name="referrer" content="strict-origin" />')
  })

  it('leaves the policy out under the dev server', () => {
    const page = renderPageShell(html, parseConfig({}), { csp: false })
    expect(page).toContain(`<script>${themeBootScript}</script>`)
    expect(page).not.toContain('Content-Security-Policy')
  })
})

describe('app start script', () => {
  /** The script elements it adds: the preloaded scripts in order, at the preloads' low priority. */
  const modules = ['/a.js', '/b.js'].map((src) => ({
    type: 'module',
    src,
    crossOrigin: '',
    fetchPriority: 'low',
    async: false,
  }))

  /** Runs the start script in a stand-in page; returns what it appended and when. */
  function start(visibilityState: 'visible' | 'hidden') {
    const appended: Record<string, unknown>[] = []
    const frames: (() => void)[] = []
    const timers: (() => void)[] = []
    const document = {
      visibilityState,
      createElement: () => ({
        type: '',
        src: '',
        crossOrigin: null,
        fetchPriority: 'auto',
        async: true,
      }),
      head: { appendChild: (element: Record<string, unknown>) => void appended.push(element) },
    }
    new Function(
      'document',
      'requestAnimationFrame',
      'setTimeout',
      appStartScript(['/a.js', '/b.js']),
    )(
      document,
      (callback: () => void) => void frames.push(callback),
      (callback: () => void) => void timers.push(callback),
    )
    return { appended, frames, timers }
  }

  it('adds the module scripts in the task after the next frame', () => {
    const { appended, frames, timers } = start('visible')
    expect(appended).toEqual([])
    frames.forEach((frame) => frame())
    expect(appended).toEqual([])
    timers.forEach((timer) => timer())
    expect(appended).toEqual(modules)
  })

  it('adds them at once in a hidden page, which paints no frame', () => {
    expect(start('hidden').appended).toEqual(modules)
  })
})

describe('share preview URLs', () => {
  const html = [
    '<meta property="og:type" content="website" />',
    '<meta property="og:image" content="/og-image.png" />',
    '<meta name="twitter:image" content="/og-image.png" />',
    '<link rel="icon" href="/favicon-32.png" />',
  ].join('\n    ')

  it('stay as they are without a site URL', () => {
    expect(parseConfig({}).siteUrl).toBe('')
    expect(absoluteShareUrls(html, '')).toBe(html)
  })

  it('become absolute with one, and the page gets its og:url', () => {
    const { siteUrl } = parseConfig({ VITE_SITE_URL: 'https://cards.example.com/' })
    const out = absoluteShareUrls(html, siteUrl)
    expect(out).toContain(
      '<meta property="og:image" content="https://cards.example.com/og-image.png" />',
    )
    expect(out).toContain(
      '<meta name="twitter:image" content="https://cards.example.com/og-image.png" />',
    )
    expect(out).toContain('<meta property="og:url" content="https://cards.example.com/" />')
    expect(out).toContain('<link rel="icon" href="/favicon-32.png" />')
  })

  it('refuses a site URL that is not http(s)', () => {
    expect(() => parseConfig({ VITE_SITE_URL: 'javascript:alert(1)' })).toThrow(/VITE_SITE_URL/)
  })
})
