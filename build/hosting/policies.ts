/**
 * The Content Security Policies, page and worker, and where their violations are reported: what
 * the built page's meta element says and what every host sends as headers (decision 036).
 */
import { createHash } from 'node:crypto'
import type { AppConfig } from '../../src/config/defaults.ts'
import { TRUSTED_TYPES_POLICIES } from '../../src/core/trusted-types.ts'

/** The origins the app may send credentials or requests to (for the Content Security Policy). */
export function connectOrigins(config: AppConfig): string[] {
  const urls = [config.stytchApiUrl, config.cardsApiUrl, config.rpcUrlMainnet, config.rpcUrlSepolia]
  if (config.sentryDsn) urls.push(config.sentryDsn)
  return [...new Set(urls.map((url) => new URL(url).origin))]
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64')

const hashes = (texts: string[]) => texts.map((text) => ` 'sha256-${sha256(text)}'`).join('')

/**
 * Content Security Policy for the built page: nothing by default, then exactly what it loads. No
 * inline script or style except those the build itself inlined (the boot scripts, the stylesheet),
 * each allowed by its hash. The same text is the page's meta element and the start of its header.
 */
export function contentSecurityPolicy(
  config: AppConfig,
  inlineScripts: string[],
  inlineStyles: string[] = [],
): string {
  return [
    "default-src 'none'",
    `script-src 'self'${hashes(inlineScripts)}`,
    `style-src 'self'${hashes(inlineStyles)}`,
    `img-src 'self' data: blob: ${config.imageOrigins.join(' ')}`,
    "font-src 'self'",
    `connect-src 'self' ${connectOrigins(config).join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    // No string becomes a script URL or script text but through the app's own policies.
    "require-trusted-types-for 'script'",
    `trusted-types ${Object.values(TRUSTED_TYPES_POLICIES).join(' ')}`,
  ].join('; ')
}

/**
 * Where the error reporter takes policy violations: Sentry's security endpoint, named by the DSN
 * (`{scheme}://{key}@{host}/{project}` → `{scheme}://{host}/api/{project}/security/?sentry_key={key}`).
 * Null without a DSN (reporting off).
 */
export function securityReportUrl(dsn: string): string | null {
  if (dsn === '') return null
  const url = new URL(dsn)
  const project = url.pathname.split('/').filter(Boolean).pop()
  if (!url.username || !project) throw new Error(`The DSN names no key or project: ${dsn}`)
  const path = url.pathname.slice(0, url.pathname.lastIndexOf('/'))
  return `${url.protocol}//${url.host}${path}/api/${project}/security/?sentry_key=${url.username}`
}

/**
 * Violations go to the reporter by `report-uri`, which Chromium, Firefox and WebKit all send. Not
 * `report-to`: where it is present Chromium sends only through the Reporting API, which here
 * (headless, a loopback endpoint) delivered nothing in a minute, so it could not be tested
 * (decision 036). Header only: a meta element cannot carry it.
 */
const reportingDirectives = (reportUrl: string | null) =>
  reportUrl ? [`report-uri ${reportUrl}`] : []

/** The directives of Trusted Types, which the meta element alone carries (`pageHeaderPolicy`). */
const TRUSTED_TYPES_DIRECTIVES = ['require-trusted-types-for', 'trusted-types']

/**
 * The page's header policy: the meta element's, word for word but for Trusted Types, then what
 * only a header can say: no site may frame the app (a sign-in or passkey prompt clickjacked), and
 * where violations go. Trusted Types stay in the meta element alone, enforced there and never
 * reported: Chromium attaches the first 40 characters of a refused value to a Trusted Types
 * report whatever the policy says, and that value is what a script of the page wrote, a secret
 * as likely as not (tests/policy-reports.test.ts saw an address in one).
 */
export function pageHeaderPolicy(metaPolicy: string, reportUrl: string | null): string {
  const reported = metaPolicy
    .split('; ')
    .filter((directive) => !TRUSTED_TYPES_DIRECTIVES.includes(directive.split(' ')[0] ?? ''))
  return [...reported, "frame-ancestors 'none'", ...reportingDirectives(reportUrl)].join('; ')
}

/**
 * The service worker's policy (a worker obeys only the header on its own script): it runs no other
 * script and renders nothing; it fetches the app's own files (the precache), the provider, the
 * cards API, the error reporter and the event images it keeps for offline use.
 */
export function workerPolicy(config: AppConfig, reportUrl: string | null): string {
  const reporter = config.sentryDsn ? [new URL(config.sentryDsn).origin] : []
  const origins = new Set([
    new URL(config.stytchApiUrl).origin,
    new URL(config.cardsApiUrl).origin,
    ...reporter,
    ...config.imageOrigins,
  ])
  return [
    "default-src 'none'",
    `connect-src 'self' ${[...origins].join(' ')}`,
    ...reportingDirectives(reportUrl),
  ].join('; ')
}

/** The page's policy as its meta element states it in `html`, or null. */
export function metaPolicyOf(html: string): string | null {
  return /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? null
}
