/**
 * A reader of `_headers` and `_redirects` as Netlify documents them, and the answer such a host
 * gives a path: the stand-in that lets the hosting checklist test the files the build writes for
 * Netlify and Cloudflare Pages, which cannot run here.
 *
 * What it holds the files to (Netlify's docs, "Custom headers" and "Redirects and rewrites"):
 * - `_headers`: a path pattern at the start of a line, then indented `Name: value` lines; `#`
 *   starts a comment. Every rule whose pattern matches the request path adds its headers. Two
 *   matching rules that set one header are refused here: Netlify keeps the later, Cloudflare joins
 *   them with a comma, so such a file means different things on the two hosts.
 * - `_redirects`: `from to [status][!]` per line, the first matching rule wins; a rule without `!`
 *   is skipped when a file exists at the path (shadowing). 200 answers with `to`'s file, 404 with
 *   `to`'s file and status 404, 301/302 redirect.
 * - Patterns: `*` at the end matches the rest of the path (the splat), `:name` one segment.
 * - With no rule and no file, the host answers `/404.html` with status 404 where the site has one.
 */

/** One `_headers` rule. */
export interface HeaderRule {
  pattern: string
  headers: [name: string, value: string][]
}

/** One `_redirects` rule. */
export interface RedirectRule {
  from: string
  to: string
  status: number
  force: boolean
}

/** Cloudflare's limit on a `_headers` line; Netlify's files are read under it too. */
const LINE_LIMIT = 2000

/** Reads a `_headers` file; throws on a line it cannot read, as the hosts' deploy checks do. */
export function readHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = []
  for (const [index, line] of text.split('\n').entries()) {
    if (line.length > LINE_LIMIT)
      throw new Error(`_headers line ${index + 1} is over ${LINE_LIMIT}`)
    const trimmed = line.trim()
    if (trimmed === '' || trimmed.startsWith('#')) continue
    if (!/^\s/.test(line)) {
      if (!trimmed.startsWith('/')) throw new Error(`_headers line ${index + 1}: not a path`)
      rules.push({ pattern: trimmed, headers: [] })
      continue
    }
    const colon = trimmed.indexOf(':')
    const rule = rules.at(-1)
    if (!rule || colon <= 0) throw new Error(`_headers line ${index + 1}: not a header`)
    rule.headers.push([trimmed.slice(0, colon).trim(), trimmed.slice(colon + 1).trim()])
  }
  return rules
}

/** Reads a `_redirects` file. */
export function readRedirectsFile(text: string): RedirectRule[] {
  return text.split('\n').flatMap((line, index) => {
    const trimmed = line.trim()
    if (trimmed === '' || trimmed.startsWith('#')) return []
    const [from, to, code = '301'] = trimmed.split(/\s+/)
    const status = Number(code.replace(/!$/, ''))
    if (!from || !to || ![200, 301, 302, 404].includes(status)) {
      throw new Error(`_redirects line ${index + 1}: ${trimmed}`)
    }
    return [{ from, to, status, force: code.endsWith('!') }]
  })
}

/** Whether a pattern (`*` at the end, `:name` segments) matches `path`. */
export function patternMatches(pattern: string, path: string): boolean {
  const source = pattern
    .split('/')
    .map((segment) =>
      segment === '*'
        ? '.*'
        : segment.startsWith(':')
          ? '[^/]+'
          : segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*$/, '.*'),
    )
    .join('/')
  return new RegExp(`^${source}$`).test(path)
}

/** A host's answer: the site file to send (null: an empty body), its status and headers. */
export interface PagesAnswer {
  status: number
  file: string | null
  location?: string
  headers: Record<string, string>
}

/** The headers for `path`: every matching rule's; one header from two rules is an error. */
export function headersFor(rules: HeaderRule[], path: string): Record<string, string> {
  const headers: Record<string, string> = {}
  const setBy: Record<string, string> = {}
  for (const rule of rules) {
    if (!patternMatches(rule.pattern, path)) continue
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase()
      if (setBy[key] !== undefined) {
        throw new Error(`${name} is set for ${path} by ${setBy[key]} and ${rule.pattern}`)
      }
      setBy[key] = rule.pattern
      headers[name] = value
    }
  }
  return headers
}

/** The site file a path names: `/` and folders are their `index.html`. */
const fileOf = (path: string) => (path.endsWith('/') ? `${path}index.html` : path)

/** What the host answers for `path`; `exists` tells whether the site has a file. */
export function pagesAnswer(
  files: { headers: HeaderRule[]; redirects: RedirectRule[] },
  path: string,
  exists: (file: string) => boolean,
): PagesAnswer {
  const headers = headersFor(files.headers, path)
  const hasFile = exists(fileOf(path))
  for (const rule of files.redirects) {
    if (!patternMatches(rule.from, path)) continue
    if (hasFile && !rule.force) break
    if (rule.status === 301 || rule.status === 302) {
      return { status: rule.status, file: null, location: rule.to, headers }
    }
    return { status: rule.status, file: exists(rule.to) ? rule.to : null, headers }
  }
  if (hasFile) return { status: 200, file: fileOf(path), headers }
  return { status: 404, file: exists('/404.html') ? '/404.html' : null, headers }
}
