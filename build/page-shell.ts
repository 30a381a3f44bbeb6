/**
 * Build-time HTML (node side): what the build writes into index.html around the app. The referrer
 * policy and the landing boot script ahead of every subresource, the theme boot script that runs
 * before first paint, absolute share-preview URLs, and the Content Security Policy that allows
 * exactly the configured origins and the boot scripts' hashes. vite.config.ts imports this
 * module; it reads only the configuration and core's contracts, no feature.
 */
import { createHash } from 'node:crypto'
import { runnerImport, type Plugin } from 'vite'
import type { AppConfig } from '../src/config/defaults.ts'
import { THEME_COLORS, THEME_STORAGE_KEY } from '../src/core/theme.ts'
import { landingBootScript } from './landing-boot.ts'
import { REFERRER_POLICY } from './security-headers.ts'

/**
 * Inline script run before first paint so the page never flashes the wrong theme: the holder's
 * choice, else the system's preference, else dark; the browser's bar takes the theme's colour.
 * (The same rule the theme toggle keeps.) The CSP allows it by hash: no `unsafe-inline`.
 */
export const themeBootScript = `(function(){var d=document.documentElement,t=null;try{t=localStorage.getItem(${JSON.stringify(
  THEME_STORAGE_KEY,
)})}catch(e){}if(t!=="light"&&t!=="dark")t=window.matchMedia&&matchMedia("(prefers-color-scheme: light)").matches?"light":"dark";d.dataset.theme=t;var m=document.querySelector('meta[name="theme-color"]');if(m)m.setAttribute("content",${JSON.stringify(
  THEME_COLORS,
)}[t])})()`

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

/** The origins the app may send credentials or requests to (for the Content Security Policy). */
export function connectOrigins(config: AppConfig): string[] {
  const urls = [config.stytchApiUrl, config.cardsApiUrl, config.rpcUrlMainnet, config.rpcUrlSepolia]
  if (config.sentryDsn) urls.push(config.sentryDsn)
  return [...new Set(urls.map((url) => new URL(url).origin))]
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64')

const hashes = (texts: string[]) => texts.map((text) => ` 'sha256-${sha256(text)}'`).join('')

/**
 * Content Security Policy for the built page: no inline script or style except those the build
 * itself inlined (the theme boot, the critical stylesheet), each allowed by its hash. Only
 * directives Chromium, Firefox and every WebKit port know, and that work in a meta element: an
 * unknown one is a console error on every load (WebKitGTK has no `manifest-src`, so the manifest
 * falls under `default-src 'self'`, as it does in every engine without it).
 */
export function contentSecurityPolicy(
  config: AppConfig,
  inlineScripts: string[],
  inlineStyles: string[] = [],
): string {
  return [
    "default-src 'self'",
    `script-src 'self'${hashes(inlineScripts)}`,
    `style-src 'self'${hashes(inlineStyles)}`,
    `img-src 'self' data: blob: ${config.imageOrigins.join(' ')}`,
    "font-src 'self'",
    `connect-src 'self' ${connectOrigins(config).join(' ')}`,
    "worker-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ')
}

/** What the app's prerender module gives the page: the frames, and the script that picks one. */
export interface PrerenderedShell {
  html: string
  script: string
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
export async function prerenderShell(modulePath: string): Promise<PrerenderedShell> {
  const { module } = await runnerImport<{ renderShell(): Promise<PrerenderedShell> }>(modulePath, {
    configFile: false,
    logLevel: 'warn',
    plugins: [noCss],
  })
  return module.renderShell()
}

/** The module scripts as Vite writes them into the built page (the entry, and its runtime). */
const MODULE_SCRIPT = /<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>/g

/** The module preloads (the entry's, and its imports') in the built page. */
const MODULE_PRELOAD = /<link rel="modulepreload"(?= )/g

/**
 * With the frames in the page, the first paint needs no script: the app starts once the frame
 * has been painted (at once in a hidden page, which paints nothing), so its start-up work can
 * never hold the first paint back. Its scripts have been arriving meanwhile (preloaded, at the
 * same low priority: a script that takes over a preload would otherwise raise it to high); they
 * run in the page's order, as Vite wrote them.
 */
export const appStartScript = (sources: string[]) =>
  `(function(){function s(){${JSON.stringify(
    sources,
  )}.forEach(function(u){var e=document.createElement("script");e.type="module";e.crossOrigin="";e.fetchPriority="low";e.async=false;e.src=u;document.head.appendChild(e)})}if(document.visibilityState==="hidden")s();else requestAnimationFrame(function(){setTimeout(s,0)})})()`

/**
 * The bundles are fetched at low priority: the first paint needs none of them, so neither the
 * browser nor a page-load model such as Lighthouse's holds it for them. They are still
 * requested at once, from the head.
 */
export const withLowPriorityBundles = (html: string) =>
  html.replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"')

/** The entry stylesheet's link as Vite writes it into the built page. */
const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/

/** The referrer policy as the page states it: first in the head, before any subresource. */
export const referrerMeta = `<meta name="referrer" content="${REFERRER_POLICY}" />`

/**
 * The page as built: the referrer policy and the boot scripts inlined, share URLs made absolute.
 * In builds (`csp`), the entry stylesheet is inlined too (`readAsset` reads it from the bundle: a
 * render-blocking request less before first paint) and the policy is added.
 */
export function renderPageShell(
  html: string,
  config: AppConfig,
  {
    csp,
    readAsset,
    shell,
  }: {
    csp: boolean
    readAsset?: (path: string) => string | undefined
    shell?: PrerenderedShell | undefined
  },
) {
  let page = absoluteShareUrls(
    html
      .replace('<!-- referrer -->', referrerMeta)
      .replace('<!-- theme-boot -->', `<script>${themeBootScript}</script>`),
    config.siteUrl,
  )
  const scripts = [themeBootScript]
  if (page.includes('<!-- landing-boot -->')) {
    page = page.replace('<!-- landing-boot -->', () => `<script>${landingBootScript}</script>`)
    scripts.push(landingBootScript)
  }
  if (shell) {
    const sources = [...page.matchAll(MODULE_SCRIPT)].map((match) => match[1]!)
    const start = sources.length > 0 ? appStartScript(sources) : ''
    if (start) {
      // Each script is preloaded where Vite put it, and run by `start` once the frame has painted.
      page = page.replace(MODULE_SCRIPT, '<link rel="modulepreload" crossorigin href="$1">')
      scripts.push(start)
    }
    scripts.push(shell.script)
    page = page.replace('<!-- shell -->', () => {
      const started = start ? `<script>${start}</script>` : ''
      return `${shell.html}<script>${shell.script}</script>${started}`
    })
    page = withLowPriorityBundles(page)
  }
  if (!csp) return page
  const styles: string[] = []
  const link = STYLESHEET_LINK.exec(page)
  const css = link && readAsset?.(link[1]!)
  if (link && css !== undefined && css !== null) {
    styles.push(css)
    page = page.replace(link[0], () => `<style>${css}</style>`)
  }
  const policy = contentSecurityPolicy(config, scripts, styles)
  return page.replace(
    '<!-- csp -->',
    `<meta http-equiv="Content-Security-Policy" content="${policy}" />`,
  )
}

/**
 * The Vite plugin: the page shell in dev and build; in builds only, the policy (dev injects
 * scripts), the inlined stylesheet and the prerendered first-paint frames of `prerender` (the
 * path of the app's prerender module).
 */
export function pageShell(config: AppConfig, { prerender }: { prerender?: string } = {}): Plugin {
  let isBuild = false
  return {
    name: 'iyk:page-shell',
    configResolved(resolved) {
      isBuild = resolved.command === 'build'
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        const readAsset = (path: string) => {
          const asset = context.bundle?.[path]
          if (asset?.type !== 'asset') return undefined
          return typeof asset.source === 'string'
            ? asset.source
            : new TextDecoder().decode(asset.source)
        }
        const shell = isBuild && prerender ? await prerenderShell(prerender) : undefined
        return renderPageShell(html, config, { csp: isBuild, readAsset, shell })
      },
    },
  }
}
