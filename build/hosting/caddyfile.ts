/**
 * The Caddyfile the build writes from the hosting rules: Caddy (2.6 and later) serving the site
 * over HTTPS, HTTP redirected to it, precompressed files, each kind of path with its headers.
 */
import { notFoundHeaders, type PathRule } from './rules.ts'

/** A Caddyfile string token: quoted, its quotes escaped (Caddy keeps any other backslash as is). */
const quoted = (value: string) => `"${value.replace(/"/g, '\\"')}"`

/** The `header` lines that set `headers` (replacing any the file server set). */
const headerBlock = (headers: Record<string, string>, indent: string) =>
  [
    `${indent}header {`,
    ...Object.entries(headers).map(([name, value]) => `${indent}\t${name} ${quoted(value)}`),
    `${indent}}`,
  ].join('\n')

/** A named matcher for `rule`, or null for the rule that matches any path. */
function matcher(rule: PathRule): string | null {
  const { match } = rule
  if ('exact' in match) return `path ${match.exact}`
  if ('prefix' in match) return `path ${match.prefix}*`
  if ('suffix' in match) return `path *${match.suffix}`
  if ('pattern' in match) return `path_regexp ${quoted(match.pattern)}`
  return null
}

/** What serves a rule's paths: the file (precompressed where the build wrote one), the page, 404. */
function serving(rule: PathRule): string[] {
  const fileServer = ['file_server {', '\tprecompressed br gzip', '}']
  if (rule.serve === 'not-found') return ['error 404']
  if (rule.serve === 'page') return ['rewrite * /index.html', ...fileServer]
  return fileServer
}

/**
 * The Caddyfile. The host, ports, site root and TLS issuer come from the environment when Caddy
 * starts (`SERVE_HOST`, `HTTPS_PORT`, `HTTP_PORT`, `SITE_ROOT`, `CADDY_TLS`: `internal` for a
 * local certificate, the default, or an email address for a public one), so one file serves
 * anywhere. `https`: the rules were made for HTTPS (HSTS).
 */
export function caddyfile(rules: PathRule[]): string {
  const blocks = rules.map((rule) => {
    const named = matcher(rule)
    const body = [headerBlock(rule.headers, '\t\t'), ...serving(rule).map((line) => `\t\t${line}`)]
    const handle = named ? `\thandle @${rule.kind} {` : '\thandle {'
    return [...(named ? [`\t@${rule.kind} ${named}`] : []), handle, ...body, '\t}'].join('\n')
  })
  return `# Written by the build from build/hosting/rules.ts: change the rules, not this file.
{
\thttp_port {$HTTP_PORT:80}
\thttps_port {$HTTPS_PORT:443}
\tadmin {$CADDY_ADMIN:localhost:2019}
\t# A local certificate authority is never added to this machine's trust store.
\tskip_install_trust
}

# Plain HTTP only ever redirects to HTTPS (Caddy's own redirect would drop a port other than 443).
http://{$SERVE_HOST:localhost}:{$HTTP_PORT:80} {
\theader -Server
\tredir https://{host}:{$HTTPS_PORT:443}{uri} permanent
}

https://{$SERVE_HOST:localhost}:{$HTTPS_PORT:443} {
\ttls {$CADDY_TLS:internal}
\troot * {$SITE_ROOT:.}
\t# Caddy names itself in no response.
\theader -Server

${blocks.join('\n\n')}

\t# Every error (a missing file, a source map) is a plain 404 with the security headers.
\thandle_errors {
${headerBlock(notFoundHeaders({ https: true }), '\t\t')}
\t\theader -Server
\t\trespond "{err.status_code} {err.status_text}"
\t}
}
`
}
