/**
 * Security reports as Sentry's security endpoint takes them (`POST /api/<project>/security/
 * ?sentry_key=<key>`): a browser's Content Security Policy violations, sent by the browser itself
 * from a policy's `report-uri` (`application/csp-report`, one `{"csp-report": …}`) or `report-to`
 * (`application/reports+json`, a list of Reporting API reports).
 */

/** One violation, in the words of CSP3's report (the Reporting API's body names). */
export interface CspViolation {
  documentURL: string
  blockedURL: string
  effectiveDirective: string
  /** `enforce` or `report`. */
  disposition: string
  /** Present only where the policy asks for samples (`'report-sample'`). */
  sample?: string
  sourceFile?: string
  /** Which way it came: `report-uri` or `report-to`. */
  via: 'report-uri' | 'report-to'
}

/** A body the endpoint refuses, with the reason it gives. */
export class BadSecurityReport extends Error {}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

const optional = (key: string, value: unknown) =>
  typeof value === 'string' && value !== '' ? { [key]: value } : {}

/** A `report-uri` body's report: `{"csp-report": {"document-uri": …, …}}`. */
function fromCspReport(value: unknown): CspViolation {
  const report = (value as { 'csp-report'?: unknown } | null)?.['csp-report']
  if (typeof report !== 'object' || report === null) {
    throw new BadSecurityReport('no csp-report object')
  }
  const field = (name: string) => (report as Record<string, unknown>)[name]
  return {
    documentURL: text(field('document-uri')),
    blockedURL: text(field('blocked-uri')),
    effectiveDirective: text(field('effective-directive') ?? field('violated-directive')),
    disposition: text(field('disposition')) || 'enforce',
    ...optional('sample', field('script-sample')),
    ...optional('sourceFile', field('source-file')),
    via: 'report-uri',
  }
}

/** A `report-to` body's CSP reports (other report types are not security reports and skipped). */
function fromReportingApi(value: unknown): CspViolation[] {
  if (!Array.isArray(value)) throw new BadSecurityReport('not a list of reports')
  return value.flatMap((entry: unknown) => {
    const report = entry as { type?: unknown; url?: unknown; body?: Record<string, unknown> }
    if (report?.type !== 'csp-violation' || typeof report.body !== 'object') return []
    const body = report.body
    return [
      {
        documentURL: text(body.documentURL ?? report.url),
        blockedURL: text(body.blockedURL),
        effectiveDirective: text(body.effectiveDirective),
        disposition: text(body.disposition) || 'enforce',
        ...optional('sample', body.sample),
        ...optional('sourceFile', body.sourceFile),
        via: 'report-to' as const,
      },
    ]
  })
}

/** Reads a security report body sent with `contentType`; throws `BadSecurityReport`. */
export function parseSecurityReport(contentType: string, body: Buffer): CspViolation[] {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? ''
  if (!['application/csp-report', 'application/json', 'application/reports+json'].includes(type)) {
    throw new BadSecurityReport(`unsupported content type ${type || '(none)'}`)
  }
  let value: unknown
  try {
    value = JSON.parse(body.toString('utf8'))
  } catch {
    throw new BadSecurityReport('body is not JSON')
  }
  return type === 'application/reports+json' ? fromReportingApi(value) : [fromCspReport(value)]
}
