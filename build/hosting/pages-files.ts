/**
 * `_headers` and `_redirects`, the files Netlify and Cloudflare Pages read from the published
 * folder, written from the hosting rules. Both hosts send the headers of every rule whose path
 * matches and disagree on a header two rules set (Netlify keeps the later, Cloudflare joins them),
 * so here no two rules that can match one path set the same header.
 */
import { PAGE_ROUTES, baseHeaders, type PathRule } from './rules.ts'

/** Cloudflare's limit on a line of `_headers` (a policy with many hashes comes near it). */
export const HEADERS_LINE_LIMIT = 2000

/** A rule's paths in the files' pattern language: `*` at the end, `:name` for a segment. */
function patterns(rule: PathRule): string[] {
  const { match } = rule
  if ('exact' in match) return [match.exact]
  if ('prefix' in match) return [`${match.prefix}*`]
  if (rule.kind === 'page') return PAGE_ROUTES
  return []
}

/**
 * `_headers`: the headers every response carries once, under `/*`, then each kind's own under its
 * paths. Files that are not the page, the worker, the manifest or an asset keep the host's caching.
 */
export function headersFile(rules: PathRule[]): string {
  const base = baseHeaders({ https: true })
  const block = (path: string, headers: Record<string, string>) =>
    [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n')
  const own = (headers: Record<string, string>) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => !(name in base)))
  const blocks = [block('/*', base)]
  for (const rule of rules) {
    if (rule.kind === 'file' || rule.kind === 'source-map') continue
    for (const path of patterns(rule)) blocks.push(block(path, own(rule.headers)))
  }
  const text = `# Written by the build from build/hosting/rules.ts: change the rules, not this file.\n${blocks.join('\n')}\n`
  const long = text.split('\n').find((line) => line.length > HEADERS_LINE_LIMIT)
  if (long) {
    throw new Error(
      `A _headers line is ${long.length} characters, over the hosts' ${HEADERS_LINE_LIMIT}: ${long.slice(0, 80)}…`,
    )
  }
  return text
}

/**
 * `_redirects`: a missing asset, and the worker's map (the one map the build makes outside
 * `assets/`; maps never ship, decision 023), is a 404 (Netlify; Cloudflare has no 404 rules, and answers it
 * with `404.html` all the same once that file exists), and any other path the site has no file
 * for is answered with the page (a rewrite, status 200; a path that has a file is served as it
 * is). Cloudflare ignores the catch-all as a loop and sends `404.html` instead (decision 036).
 */
export function redirectsFile(): string {
  return `# Written by the build from build/hosting/rules.ts: change the rules, not this file.
/assets/*  /404.html  404
/sw.js.map  /404.html  404
/*  /index.html  200
`
}
