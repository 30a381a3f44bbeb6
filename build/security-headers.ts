/**
 * The page's policies that live outside the page: the referrer policy (also a meta element in the
 * page) and the response headers a host sends with every response (README, Deploying). The local
 * static server sends them too, so the browser tests run under them.
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
const HSTS = 'max-age=63072000; includeSubDomains'

/**
 * The headers for every response. `https`: HSTS only where the site is served over HTTPS (a
 * browser ignores it over HTTP, and a local host must never pin itself to HTTPS).
 */
export function securityHeaders({ https }: { https: boolean }): Record<string, string> {
  return {
    // The page's policy is a meta element, which cannot forbid framing.
    'Content-Security-Policy': "frame-ancestors 'none'",
    ...(https ? { 'Strict-Transport-Security': HSTS } : {}),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': REFERRER_POLICY,
    'Permissions-Policy': PERMISSIONS_POLICY,
  }
}
