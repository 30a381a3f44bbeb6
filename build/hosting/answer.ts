/**
 * What a host answers for a path, by the hosting rules: the file to send and its headers, or a
 * 404. The test server and `npm run preview` serve by it; the generated configurations say the
 * same to Caddy, nginx and the Pages hosts (their checklist test holds them to it).
 */
import { notFoundHeaders, ruleFor, type PathKind, type PathRule } from './rules.ts'

/** A host's answer: `file` is the site path to send (null: the 404 text). */
export interface Answer {
  status: 200 | 404
  kind: PathKind
  file: string | null
  headers: Record<string, string>
}

/** The body of every 404: plain text, never the page. */
export const NOT_FOUND_TEXT = '404 Not Found\n'

/** The answer for `pathname` (decoded, no query); `exists` tells whether the site has a file. */
export function answer(
  rules: PathRule[],
  pathname: string,
  exists: (path: string) => boolean,
  { https }: { https: boolean },
): Answer {
  const rule = ruleFor(rules, pathname)
  const file = rule.serve === 'page' ? '/index.html' : rule.serve === 'file' ? pathname : null
  if (file === null || !exists(file)) {
    return {
      status: 404,
      kind: rule.kind,
      file: null,
      headers: notFoundHeaders({ https }),
    }
  }
  return { status: 200, kind: rule.kind, file, headers: rule.headers }
}
