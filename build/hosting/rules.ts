/**
 * How the site is served: the one source of truth for every host's headers, caching and
 * fallbacks. The build writes a Caddyfile, an nginx configuration and `_headers`/`_redirects` from
 * these rules, and the test server serves by them (decision 036).
 */

/**
 * At most the origin in a `Referer`, and nothing over a downgrade to HTTP: never a path or a query
 * (a sign-in link's token). Not `no-referrer`: every call the app makes names its origin anyway
 * (CORS `Origin`, the provider SDK's `X-SDK-Parent-Host`), while the provider's OAuth start is a
 * plain navigation whose origin only the `Referer` tells (decision 023).
 */
export const REFERRER_POLICY = 'strict-origin'

/**
 * Powerful features the app never uses are denied to the page and to anything it might frame;
 * the ones it uses stay with the app's own origin: passkeys (WebAuthn get and create), copying a
 * link or an address, and the system share sheet. Only names Chromium knows: an unknown one is a
 * console error on every load (Web NFC has none; the app reads no tag itself).
 */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'bluetooth=()',
  'midi=()',
  'display-capture=()',
  'publickey-credentials-get=(self)',
  'publickey-credentials-create=(self)',
  'clipboard-write=(self)',
  'web-share=(self)',
].join(', ')

/** Two years, the preload lists' minimum. */
export const HSTS = 'max-age=63072000; includeSubDomains'

/** What may be kept and for how long: hashed files for good, everything else asked again. */
export const CACHE = {
  immutable: 'public, max-age=31536000, immutable',
  revalidate: 'no-cache',
} as const

/**
 * Anything that is neither the page nor the worker (a file, an image, a 404) runs nothing and may
 * not be framed: an SVG opened on its own cannot run a script under it.
 */
export const FILE_POLICY = "default-src 'none'; frame-ancestors 'none'"

/**
 * The paths a host answers with the page: the page itself and every path whose last segment has
 * no file extension. Any route is the app's (spec §2: a signed-in holder's unknown path is its
 * "not found" page, an anonymous one is asked to sign in), while a path with an extension is a
 * file: a missing script is a 404, never the page. Kinds earlier in the rules (the worker, the
 * assets) come first.
 */
export const PAGE_PATTERN = '^(?:/index\\.html|.*/[^/.]*)$'

/**
 * The app's routes (`src/routes`, `:name` for one path segment), for hosts whose rules cannot say
 * "no extension" (`_headers`): each gets the page's headers by name.
 */
export const PAGE_ROUTES = ['/', '/index.html', '/tap', '/account', '/auth/email', '/events/:id']

/** The policies of one build (its page's hashes, its configured origins): see policies.ts. */
export interface Policies {
  /** The page's header policy: its meta element's plus the header-only directives. */
  page: string
  worker: string
  /** Where violations go, or null (no reporter configured). */
  reportUrl: string | null
}

/** Kinds of path, in the order a host decides them: the first that matches answers. */
export type PathKind = 'source-map' | 'worker' | 'manifest' | 'asset' | 'page' | 'file'

/**
 * How each kind is answered: from its file (404 when missing), with the page, or always 404; and
 * whether the file's precompressed `.br` and `.gz` siblings may be sent instead.
 */
export interface PathRule {
  kind: PathKind
  /** How a host matches it, for the renderers: exact paths, a prefix, a suffix, or any path. */
  match:
    | { exact: string }
    | { prefix: string }
    | { suffix: string }
    | { pattern: string }
    | { any: true }
  serve: 'file' | 'page' | 'not-found'
  headers: Record<string, string>
}

/** The headers every response carries, 404s included. */
export function baseHeaders({ https }: { https: boolean }): Record<string, string> {
  return {
    ...(https ? { 'Strict-Transport-Security': HSTS } : {}),
    'X-Content-Type-Options': 'nosniff',
    // Framing is refused by every policy's frame-ancestors too; this holds where a host can send
    // no page policy (an unknown route on a Pages host) and in browsers without CSP 2.
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': REFERRER_POLICY,
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Resource-Policy': 'same-origin',
  }
}

/**
 * The rules, in order. `https`: HSTS only where the site is served over HTTPS (a browser ignores
 * it over HTTP, and a local host must never pin itself to HTTPS).
 */
export function hostingRules(policies: Policies, { https }: { https: boolean }): PathRule[] {
  const base = baseHeaders({ https })
  const file = { ...base, 'Content-Security-Policy': FILE_POLICY }
  return [
    // Maps are uploaded to the reporter, never served, even if copied into the site by mistake.
    { kind: 'source-map', match: { suffix: '.map' }, serve: 'not-found', headers: file },
    {
      kind: 'worker',
      match: { exact: '/sw.js' },
      serve: 'file',
      headers: {
        ...base,
        'Content-Security-Policy': policies.worker,
        'Cache-Control': CACHE.revalidate,
      },
    },
    {
      kind: 'manifest',
      match: { exact: '/manifest.webmanifest' },
      serve: 'file',
      headers: {
        ...file,
        'Content-Type': 'application/manifest+json',
        'Cache-Control': CACHE.revalidate,
      },
    },
    // Hashed names: a new release writes new names, so a file may be kept for good. A missing one
    // is a 404 (a tab of the last release asking for a chunk this one does not have).
    {
      kind: 'asset',
      match: { prefix: '/assets/' },
      serve: 'file',
      headers: { ...file, 'Cache-Control': CACHE.immutable },
    },
    {
      kind: 'page',
      match: { pattern: PAGE_PATTERN },
      serve: 'page',
      headers: {
        ...base,
        'Content-Security-Policy': policies.page,
        // Nothing the app opens needs a handle back to it: OAuth is a full navigation, wallets
        // are injected (EIP-6963), never popups.
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cache-Control': CACHE.revalidate,
      },
    },
    {
      kind: 'file',
      match: { any: true },
      serve: 'file',
      headers: { ...file, 'Cache-Control': CACHE.revalidate },
    },
  ]
}

/** The headers a 404 carries: plain text, never cached (the file may be there in a moment). */
export function notFoundHeaders({ https }: { https: boolean }): Record<string, string> {
  return {
    ...baseHeaders({ https }),
    'Content-Security-Policy': FILE_POLICY,
    'Cache-Control': CACHE.revalidate,
    'Content-Type': 'text/plain; charset=utf-8',
  }
}

/** Whether `rule` matches `pathname` (a decoded path, no query). */
export function matches(rule: PathRule, pathname: string): boolean {
  const { match } = rule
  if ('exact' in match) return pathname === match.exact
  if ('prefix' in match) return pathname.startsWith(match.prefix)
  if ('suffix' in match) return pathname.endsWith(match.suffix)
  if ('pattern' in match) return new RegExp(match.pattern).test(pathname)
  return true
}

/** The rule that answers `pathname`: the first that matches (the last matches any path). */
export function ruleFor(rules: PathRule[], pathname: string): PathRule {
  const rule = rules.find((candidate) => matches(candidate, pathname))
  if (!rule) throw new Error('The hosting rules end with one that matches any path')
  return rule
}

/** Text files worth sending compressed: the build writes a `.br` and a `.gz` beside each. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|ico)$/
