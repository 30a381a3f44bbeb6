/** The build's page shell: boot scripts, frames, share URLs, and a policy that fits the config. */
import { describe, expect, it } from 'vitest'
import type { Rolldown } from 'vite'
import { parseConfig } from '../src/config/defaults.ts'
import { appStartScript } from './app-start.ts'
import { landingBootScript } from './landing-boot.ts'
import { localeBootScript } from './locale-boot.ts'
import {
  absoluteShareUrls,
  builtEntry,
  inlineContents,
  referrerMeta,
  renderPageShell,
  type BuiltEntry,
} from './page-shell.ts'
import { contentSecurityPolicy } from './hosting/policies.ts'
import { themeBootScript } from './theme-boot.ts'

describe('page shell', () => {
  const html = '<head><!-- csp --><!-- theme-boot --></head>'

  it('inlines the boot script and adds the policy in builds', () => {
    const built = renderPageShell(html, parseConfig({}), { csp: true })
    expect(built).toContain(`<script>${themeBootScript}</script>`)
    expect(built).toContain('<meta http-equiv="Content-Security-Policy" content="default-src')
  })

  /** An entry as the build hook would name it: a script, a chunk it imports, a stylesheet. */
  const entry: BuiltEntry = {
    script: '/assets/index-abc.js',
    preloads: ['/assets/react-def.js'],
    stylesheets: [{ href: '/assets/index-abc.css', css: 'body{color:red}' }],
    catalogs: { de: '/assets/de-ghi.js' },
  }
  /** The tags Vite writes for that entry. */
  const viteHead = [
    '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/react-def.js">',
    '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">',
  ].join('')
  const withFrames = `<head><!-- csp -->${viteHead}</head><body><div id="root"></div><!-- shell --></body>`
  const shell = {
    html: '<div id="shell">frames</div>',
    noscript: '<noscript><p lang="de">Ohne JavaScript geht es nicht.</p></noscript>',
    headScript: 'mark()',
    script: 'pick()',
    css: '[lang]{display:none}',
  }
  const policyOf = (page: string) => /content="([^"]+)"/.exec(page)?.[1] ?? ''

  it('inlines the entry stylesheet and allows exactly it by hash', () => {
    const built = renderPageShell(`<head><!-- csp -->${viteHead}</head>`, parseConfig({}), {
      csp: true,
      entry,
    })
    expect(built).toContain('<style>body{color:red}</style>')
    expect(built).not.toContain('<link rel="stylesheet"')
    expect(policyOf(built)).toContain(
      contentSecurityPolicy(parseConfig({}), [], ['body{color:red}']).split('; ')[2],
    )
    expect(policyOf(built)).not.toContain('unsafe-inline')
  })

  it('fails the build when Vite no longer writes a tag it names', () => {
    const page = `<head><!-- csp --><script type="module" src="/assets/index-abc.js"></script></head><body><!-- shell --></body>`
    expect(() => renderPageShell(page, parseConfig({}), { csp: true, entry, shell })).toThrow(
      'The built page has no <script type="module" crossorigin src="/assets/index-abc.js"></script>',
    )
  })

  it('leaves a stylesheet the page does not link to load with its chunk', () => {
    const lazy = { ...entry, stylesheets: [{ href: '/assets/route-abc.css', css: 'p{}' }] }
    const built = renderPageShell(`<head><!-- csp -->${viteHead}</head>`, parseConfig({}), {
      csp: true,
      entry: lazy,
    })
    expect(built).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">')
    expect(built).not.toContain('<style>')
    expect(built).toContain("style-src 'self';")
  })

  it('puts the prerendered frames in the page, the script naming one in the head, and allows both by hash', () => {
    const page =
      '<head><!-- csp --><!-- frame-mark --></head><body><div id="root"></div><!-- shell --><noscript>Needs JavaScript.</noscript></body>'
    const built = renderPageShell(page, parseConfig({}), { csp: true, shell })
    expect(built).toContain('<script>mark()</script></head>')
    // The page's one line for a browser with no script, in every language.
    expect(built).toContain('<noscript><p lang="de">Ohne JavaScript geht es nicht.</p></noscript>')
    expect(built).not.toContain('Needs JavaScript.')
    expect(built).toContain(
      '<div id="root"></div><div id="shell">frames</div><script>pick()</script>',
    )
    const withBoth = contentSecurityPolicy(parseConfig({}), ['mark()', 'pick()'])
    expect(policyOf(built)).toContain(withBoth.split('; ')[1])
  })

  it('with the frames, starts the app only once the frame has painted', () => {
    const built = renderPageShell(withFrames, parseConfig({}), { csp: true, entry, shell })
    const start = appStartScript(['/assets/index-abc.js'])
    // No script element runs a bundle: the start script adds the entry after the frame's paint.
    expect(built).not.toContain('<script type="module"')
    for (const asset of ['index-abc', 'react-def']) {
      expect(built).toContain(
        `<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/${asset}.js">`,
      )
    }
    expect(built).toContain(`<script>pick()</script><script>${start}</script>`)
    const withAll = contentSecurityPolicy(parseConfig({}), ['pick()', start])
    expect(policyOf(built)).toContain(withAll.split('; ')[1])
  })

  it('allows by hash every inline script and style the finished page holds, and nothing else', () => {
    const page = `<head><!-- csp --><!-- theme-boot --><!-- locale-boot -->${viteHead}</head><body><div id="root"></div><!-- shell --></body>`
    const built = renderPageShell(page, parseConfig({}), { csp: true, entry, shell })
    const { scripts, styles } = inlineContents(built)
    expect(scripts).toEqual([
      themeBootScript,
      // The language boot preloads the built catalogs.
      localeBootScript({ de: '/assets/de-ghi.js' }),
      'pick()',
      appStartScript(['/assets/index-abc.js']),
    ])
    // The frames' rules by language, with the stylesheet.
    expect(styles).toEqual(['body{color:red}[lang]{display:none}'])
    expect(policyOf(built)).toBe(contentSecurityPolicy(parseConfig({}), scripts, styles))
  })

  it('fails the build when no stylesheet the page links can carry the frames’ rules', () => {
    const unlinked = { ...entry, stylesheets: [{ href: '/assets/route-abc.css', css: 'p{}' }] }
    expect(() =>
      renderPageShell(withFrames, parseConfig({}), { csp: true, entry: unlinked, shell }),
    ).toThrow('The page links no stylesheet to carry the frames’ rules')
  })

  it('without frames, leaves the entry script as Vite wrote it', () => {
    const built = renderPageShell(`<head><!-- csp -->${viteHead}</head>`, parseConfig({}), {
      csp: true,
      entry,
    })
    expect(built).toContain(
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
    )
    expect(built).toContain('<link rel="modulepreload" crossorigin href="/assets/react-def.js">')
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
      // The page holds only the landing boot script: the policy allows it and no other.
      contentSecurityPolicy(parseConfig({}), [landingBootScript]).split('; ')[1],
    )
    expect(referrerMeta).toBe('<meta name="referrer" content="strict-origin" />')
  })

  it('leaves the policy out under the dev server', () => {
    const page = renderPageShell(html, parseConfig({}), { csp: false })
    expect(page).toContain(`<script>${themeBootScript}</script>`)
    expect(page).not.toContain('Content-Security-Policy')
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

describe('inline contents', () => {
  it('finds inline scripts and styles, not scripts loaded by src, nor noscript', () => {
    const page = [
      '<script>a()</script>',
      '<script type="module" src="/x.js"></script>',
      '<noscript>no</noscript>',
      '<style media="print">p{}</style>',
      '<SCRIPT type="module">b()</SCRIPT>',
    ].join('')
    expect(inlineContents(page)).toEqual({ scripts: ['a()', 'b()'], styles: ['p{}'] })
  })
})

describe('built entry', () => {
  /** A chunk of the bundle as the post hook sees it (only what the page shell reads). */
  const chunk = (fileName: string, imports: string[], facadeModuleId: string | null = null) =>
    ({
      type: 'chunk',
      fileName,
      imports,
      facadeModuleId,
    }) as unknown as Rolldown.OutputChunk
  const asset = (fileName: string, source: string | Uint8Array) =>
    ({ type: 'asset', fileName, source }) as unknown as Rolldown.OutputAsset

  it('names the entry, every chunk it imports (theirs first, once each) and the stylesheets', () => {
    const index = chunk('assets/index.js', ['assets/react.js', 'assets/routes.js'])
    const bundle: Rolldown.OutputBundle = {
      'assets/index.js': index,
      'assets/react.js': chunk('assets/react.js', []),
      'assets/routes.js': chunk('assets/routes.js', ['assets/react.js', 'assets/shared.js']),
      'assets/shared.js': chunk('assets/shared.js', []),
      'assets/index.css': asset('assets/index.css', 'body{}'),
      'assets/shared.css': asset('assets/shared.css', new TextEncoder().encode('p{}')),
      'assets/es-1.js': chunk('assets/es-1.js', [], '/app/src/locales/es.po'),
      'assets/pt-BR-2.js': chunk('assets/pt-BR-2.js', [], '/app/src/locales/pt-BR.po'),
      'assets/po-3.js': chunk('assets/po-3.js', [], '/app/src/features/po.ts'),
    }
    expect(builtEntry(index, bundle, '/')).toEqual({
      script: '/assets/index.js',
      preloads: ['/assets/react.js', '/assets/shared.js', '/assets/routes.js'],
      stylesheets: [
        { href: '/assets/index.css', css: 'body{}' },
        { href: '/assets/shared.css', css: 'p{}' },
      ],
      catalogs: { es: '/assets/es-1.js', 'pt-BR': '/assets/pt-BR-2.js' },
    })
  })
})
