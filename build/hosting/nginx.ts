/**
 * The nginx configuration the build writes from the hosting rules: the part of a `server` block
 * that is the app's (nginx 1.22 and later, with `gzip_static` and the brotli static module); the
 * deployer's own block around it names the host, the certificate and the root.
 */
import { NOT_FOUND_TEXT } from './answer.ts'
import { notFoundHeaders, type PathRule } from './rules.ts'

/**
 * An nginx string: double-quoted, its quotes and backslashes escaped. A `$` would be read as a
 * variable, and no value of the rules has one.
 */
function quoted(value: string): string {
  if (value.includes('$')) throw new Error(`An nginx value with a "$": ${value}`)
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`
}

/**
 * `add_header` lines. nginx drops every inherited `add_header` in a block that has one, so each
 * location carries all of its own. `always`: on 404s too, but caching (only on the file itself).
 */
const addHeaders = (
  headers: Record<string, string>,
  indent: string,
  { cachingAlways = false }: { cachingAlways?: boolean } = {},
) =>
  Object.entries(headers)
    .filter(([name]) => name !== 'Content-Type')
    .map(
      ([name, value]) =>
        `${indent}add_header ${name} ${quoted(value)}${name === 'Cache-Control' && !cachingAlways ? '' : ' always'};`,
    )

/** The `types` lines that make a location's answers `type` (nginx adds the charset itself). */
const typeLines = (type: string | undefined) =>
  type ? ['types { }', `default_type ${type.split(';')[0]};`] : []

/** A regular expression for a `location` (never read for variables), quoted. */
const regex = (pattern: string) => `"${pattern.replace(/[\\"]/g, (c) => `\\${c}`)}"`

/** The `location` that matches a rule's paths. */
function location(rule: PathRule): string {
  const { match } = rule
  if ('exact' in match) return `location = ${match.exact}`
  if ('prefix' in match) return `location ${match.prefix}`
  // Regular expressions are tried in order, after exact matches and before prefixes.
  if ('suffix' in match) return `location ~ ${regex(`${match.suffix.replace(/\./g, '\\.')}$`)}`
  if ('pattern' in match) return `location ~ ${regex(match.pattern)}`
  return 'location /'
}

/** How a location answers: the file, the page (the same headers), or 404. */
function serving(rule: PathRule): string[] {
  if (rule.serve === 'not-found') return ['return 404;']
  if (rule.serve === 'page') return ['try_files /index.html =404;']
  return ['try_files $uri =404;']
}

/** The body of a location: its type if the rules name one, its headers, how it answers. */
function locationBody(rule: PathRule): string[] {
  return [
    ...typeLines(rule.headers['Content-Type']),
    ...addHeaders(rule.headers, ''),
    ...serving(rule),
  ]
}

/**
 * The configuration, to `include` inside a `server` block that sets `root` to the site (`dist/`),
 * `listen`, `server_name` and the certificate.
 */
export function nginxConf(rules: PathRule[]): string {
  const notFound = notFoundHeaders({ https: true })
  const locations = rules.map((rule) =>
    [`${location(rule)} {`, ...locationBody(rule).map((line) => `\t${line}`), '}'].join('\n'),
  )
  return `# Written by the build from build/hosting/rules.ts: change the rules, not this file.
# Include it in the site's server block, beside root (the built dist/), listen and the certificate.

# The build writes a .br and a .gz beside each text file: sent as they are, never compressed here.
gzip off;
gzip_static on;
brotli_static on;
gzip_vary on;
server_tokens off;
charset utf-8;
charset_types text/css text/plain text/javascript application/javascript application/json application/manifest+json image/svg+xml;

# Every 404 (a missing file, a source map) is plain text with the security headers.
error_page 404 @not-found;
location @not-found {
${[
  ...typeLines(notFound['Content-Type']),
  ...addHeaders(notFound, '', { cachingAlways: true }),
  // nginx reads `\n` in a quoted string as a line break.
  `return 404 "${NOT_FOUND_TEXT.replace(/\n/g, '\\n')}";`,
]
  .map((line) => `\t${line}`)
  .join('\n')}
}

${locations.join('\n\n')}
`
}
