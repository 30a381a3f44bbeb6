/**
 * Build-time HTML (node side): what the build writes into index.html around the app. The referrer
 * policy and the landing boot script ahead of every subresource, the theme boot script that runs
 * before first paint, absolute share-preview URLs, and the Content Security Policy that allows
 * exactly the configured origins and the boot scripts' hashes. vite.config.ts imports this
 * module; it reads only the configuration and core's contracts, no feature.
 */
import { runnerImport, type Plugin, type Rolldown } from 'vite'
import { linguiCatalogs, linguiMacros } from './lingui.ts'
import type { AppConfig } from '../src/config/defaults.ts'
import { appStartScript } from './app-start.ts'
import { landingBootScript } from './landing-boot.ts'
import { localeBootScript } from './locale-boot.ts'
import { contentSecurityPolicy } from './hosting/policies.ts'
import { REFERRER_POLICY } from './hosting/rules.ts'
import { themeBootScript } from './theme-boot.ts'

/**
 * Share previews (Open Graph, Twitter) need absolute URLs: with a site URL, the preview image
 * paths in index.html become absolute and the page gets its `og:url`.
 */
export function absoluteShareUrls(html: string, siteUrl: string): string {
  if (siteUrl === '') return html
  return html
    .replace(/(<meta (?:property="og:image"|name="twitter:image") content=")\//g, `$1${siteUrl}/`)
    .replace(
      '<meta property="og:type"',
      `<meta property="og:url" content="${siteUrl}/" />\n    <meta property="og:type"`,
    )
}

/** What the app's prerender module gives the page: the frames, and the script that picks one. */
export interface PrerenderedShell {
  html: string
  /** What a browser running no script is told, in every language (a `<noscript>`). */
  noscript: string
  /** Runs in the head, before the frames are parsed: names the visit's frame. */
  headScript: string
  /** Runs after the frames: keeps the visit's. */
  script: string
  /**
   * The frames' rules by language (only the page's language's shown), for the inlined stylesheet:
   * written with the frames, from the same list of languages.
   */
  css: string
}

/** CSS imports render nothing on the server: each resolves to an empty module. */
const noCss: Plugin = {
  name: 'iyk:prerender-no-css',
  enforce: 'pre',
  resolveId: (id) => (id.endsWith('.css') ? '\0iyk-no-css' : undefined),
  load: (id) => (id === '\0iyk-no-css' ? 'export default ""' : undefined),
}

/**
 * Runs the app's prerender module (a path the build configuration names; this module imports no
 * app code) through Vite's module runner and returns its shell.
 */
export async function prerenderShell(
  modulePath: string,
  config: AppConfig,
): Promise<PrerenderedShell> {
  const { module } = await runnerImport<{ renderShell(): Promise<PrerenderedShell> }>(modulePath, {
    configFile: false,
    logLevel: 'warn',
    // As the build's: src/config/env.ts reads the validated configuration from it.
    define: { __APP_CONFIG__: JSON.stringify(config) },
    plugins: [noCss, linguiMacros(), ...linguiCatalogs()],
  })
  return module.renderShell()
}

/** What Vite wrote into the built page for its entry chunk (from the post hook's `chunk`). */
export interface BuiltEntry {
  /** The entry's module script, as a path on the site. */
  script: string
  /** The chunks it imports, which Vite preloads, in Vite's order. */
  preloads: string[]
  /**
   * The bundle's stylesheets, each with its text: the page links the entry's (one, as the build
   * does not split CSS); one it does not link is left to load with its chunk.
   */
  stylesheets: { href: string; css: string }[]
  /** Each language's catalog chunk (a PO file the app imports), as a path on the site. */
  catalogs: Record<string, string>
}

/** A catalog module's id: a PO file named for its language. */
const CATALOG_MODULE = /\/([A-Za-z-]+)\.po$/

/** The entry as Vite wrote it into the page: `chunk` and `bundle` are the post hook's. */
export function builtEntry(
  chunk: Rolldown.OutputChunk,
  bundle: Rolldown.OutputBundle,
  base: string,
): BuiltEntry {
  const imported: Rolldown.OutputChunk[] = []
  const seen = new Set<string>()
  // Vite's order: each import's own imports first, then the import.
  const visit = (from: Rolldown.OutputChunk) => {
    for (const file of from.imports) {
      const importee = bundle[file]
      if (importee?.type !== 'chunk' || seen.has(file)) continue
      seen.add(file)
      visit(importee)
      imported.push(importee)
    }
  }
  visit(chunk)
  const stylesheets = Object.values(bundle).flatMap((file) => {
    if (file.type !== 'asset' || !file.fileName.endsWith('.css')) return []
    const css =
      typeof file.source === 'string' ? file.source : new TextDecoder().decode(file.source)
    return [{ href: base + file.fileName, css }]
  })
  const catalogs: Record<string, string> = {}
  for (const file of Object.values(bundle)) {
    const locale =
      file.type === 'chunk' ? CATALOG_MODULE.exec(file.facadeModuleId ?? '')?.[1] : null
    if (locale) catalogs[locale] = base + file.fileName
  }
  return {
    script: base + chunk.fileName,
    preloads: imported.map((c) => base + c.fileName),
    stylesheets,
    catalogs,
  }
}

/** The tags as Vite writes them for the entry (its build-html plugin). */
const viteTags = {
  script: (src: string) => `<script type="module" crossorigin src="${src}"></script>`,
  preload: (href: string) => `<link rel="modulepreload" crossorigin href="${href}">`,
  stylesheet: (href: string) => `<link rel="stylesheet" crossorigin href="${href}">`,
}

/**
 * A bundle preloaded at low priority: the first paint needs none of them, so neither the browser
 * nor a page-load model such as Lighthouse's holds it for them. It is still requested at once,
 * from the head.
 */
const lowPriorityPreload = (href: string) =>
  `<link rel="modulepreload" fetchpriority="low" crossorigin href="${href}">`

/** `page` with `tag` replaced by `by`; the build fails if Vite no longer writes that tag. */
function swapTag(page: string, tag: string, by: string): string {
  if (!page.includes(tag)) {
    throw new Error(`The built page has no ${tag}: Vite now writes its tags differently`)
  }
  return page.replace(tag, () => by)
}

/** The text of every inline script and style element in `page`: what the policy must allow. */
export function inlineContents(page: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = []
  const styles: string[] = []
  for (const [, name = '', attributes = '', text = ''] of page.matchAll(
    /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/gi,
  )) {
    if (name.toLowerCase() === 'style') styles.push(text)
    else if (!/\bsrc\s*=/i.test(attributes)) scripts.push(text)
  }
  return { scripts, styles }
}

/** The referrer policy as the page states it: first in the head, before any subresource. */
export const referrerMeta = `<meta name="referrer" content="${REFERRER_POLICY}" />`

/**
 * The page as built: the referrer policy and the boot scripts inlined, share URLs made absolute.
 * With the frames (`shell`), the entry waits for their first paint. In builds (`csp`), the entry's
 * stylesheet is inlined too (a render-blocking request less before first paint), with the frames'
 * rules by language, and the policy is added, allowing by hash every inline script and style the
 * finished page holds.
 */
export function renderPageShell(
  html: string,
  config: AppConfig,
  {
    csp,
    entry,
    shell,
  }: { csp: boolean; entry?: BuiltEntry | undefined; shell?: PrerenderedShell | undefined },
) {
  let page = absoluteShareUrls(
    html
      .replace('<!-- referrer -->', referrerMeta)
      .replace('<!-- theme-boot -->', () => `<script>${themeBootScript}</script>`)
      .replace(
        '<!-- locale-boot -->',
        () => `<script>${localeBootScript(entry?.catalogs)}</script>`,
      )
      .replace('<!-- landing-boot -->', () => `<script>${landingBootScript}</script>`),
    config.siteUrl,
  )
  if (shell) {
    let start = ''
    if (entry) {
      // Each script is preloaded where Vite put it, and run by `start` once the frame has painted.
      page = swapTag(page, viteTags.script(entry.script), lowPriorityPreload(entry.script))
      for (const href of entry.preloads) {
        page = swapTag(page, viteTags.preload(href), lowPriorityPreload(href))
      }
      start = `<script>${appStartScript([entry.script])}</script>`
    }
    page = page
      .replace('<!-- frame-mark -->', () => `<script>${shell.headScript}</script>`)
      .replace('<!-- shell -->', () => `${shell.html}<script>${shell.script}</script>${start}`)
      .replace(/<noscript>[\s\S]*?<\/noscript>/, () => shell.noscript)
  }
  if (!csp) return page
  // The frames' rules go with the stylesheet the page links, so they apply as the frames arrive.
  let frameCss = shell?.css ?? ''
  for (const { href, css } of entry?.stylesheets ?? []) {
    const link = viteTags.stylesheet(href)
    if (!page.includes(link)) continue
    page = swapTag(page, link, `<style>${css}${frameCss}</style>`)
    frameCss = ''
  }
  if (entry && frameCss !== '') {
    throw new Error(
      'The page links no stylesheet to carry the frames’ rules: every frame would show',
    )
  }
  const { scripts, styles } = inlineContents(page)
  const policy = contentSecurityPolicy(config, scripts, styles)
  return page.replace(
    '<!-- csp -->',
    () => `<meta http-equiv="Content-Security-Policy" content="${policy}" />`,
  )
}

/**
 * The Vite plugin: the page shell in dev and build; in builds only, the policy (dev injects
 * scripts), the inlined stylesheet and the prerendered first-paint frames of `prerender` (the
 * path of the app's prerender module).
 */
export function pageShell(config: AppConfig, { prerender }: { prerender?: string } = {}): Plugin {
  let isBuild = false
  let base = '/'
  return {
    name: 'iyk:page-shell',
    configResolved(resolved) {
      isBuild = resolved.command === 'build'
      base = resolved.base
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, { chunk, bundle }) {
        const entry = isBuild && chunk && bundle ? builtEntry(chunk, bundle, base) : undefined
        const shell = isBuild && prerender ? await prerenderShell(prerender, config) : undefined
        return renderPageShell(html, config, { csp: isBuild, entry, shell })
      },
    },
  }
}
