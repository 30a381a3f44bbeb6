/** Properties of redirect targets: whatever comes in, only a same-origin path goes out; app paths pass unchanged. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEFAULT_REDIRECT, parseRedirect, redirectTarget } from './redirect.ts'
import { charsOf, tapQuery } from './testing/arbitraries.ts'

/** Hostile targets: slashes, backslashes, dot segments raw and encoded, schemes, hosts, controls. */
const hostileTarget = fc
  .tuple(
    fc.constantFrom('/', '//', '/\\', '\\', '', 'https:', 'javascript:'),
    fc.array(
      fc.oneof(
        {
          weight: 3,
          arbitrary: fc.constantFrom('/', '//', '\\', '.', '..', '%2e', '%2E%2e', '%2f'),
        },
        fc.constantFrom('%5c', '%09', '\t', '\n', '\u0000', '\u007f', ' ', ':', '@', '?', '#'),
        fc.constantFrom('evil.example', 'auth', 'email', '/auth/email'),
        fc.string({ maxLength: 3 }),
      ),
      { maxLength: 8 },
    ),
  )
  .map(([start, pieces]) => start + pieces.join(''))

/** A safe path's shape: one `/`, then no second `/` or `\`; printable ASCII only (the rest is percent-encoded). */
function expectSamePath(target: string) {
  expect(target).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/)
  expect(target).not.toContain('\\')
  // Resolved against any page, it stays on that page's origin.
  expect(new URL(target, 'https://app.example:8443/deep/page?q=1').origin).toBe(
    'https://app.example:8443',
  )
}

/** Characters the URL parser leaves as they are in a path segment, and in a query or fragment. */
const PATH_CHARS = "abcXYZ0189-._~!$&'()*+,;=:@"
const QUERY_CHARS = 'abcXYZ0189-._~!$&()*+,;=:@/?'
const escape = fc.constantFrom('%20', '%2F', '%3F', '%23', '%C3%A9', '%00')

/** A path the app itself would send the holder back to: its routes, and any well-formed path. */
const appPath = fc.oneof(
  fc.constantFrom('/', '/account', '/events/42'),
  tapQuery.map((query) => `/tap${query}`),
  fc
    .tuple(
      fc.array(
        fc
          .array(fc.oneof(charsOf(PATH_CHARS, 1, 6), escape), { minLength: 1, maxLength: 3 })
          .map((parts) => parts.join(''))
          .filter((segment) => segment !== '.' && segment !== '..'),
        { minLength: 1, maxLength: 4 },
      ),
      fc.option(charsOf(QUERY_CHARS, 1, 12), { nil: undefined }),
      fc.option(charsOf(`${QUERY_CHARS}#'`, 1, 12), { nil: undefined }),
    )
    .map(
      ([segments, query, hash]) =>
        `/${segments.join('/')}${query === undefined ? '' : `?${query}`}${hash === undefined ? '' : `#${hash}`}`,
    )
    .filter((path) => !path.startsWith('/auth/email')),
)

describe('parseRedirect: properties', () => {
  // The one promise: no input, however crafted, makes it answer anything but a same-origin path
  // (no open redirect), and what it answers it answers again unchanged.
  it('answers nothing or a same-origin path, stable when read again, for any input', () => {
    fc.assert(
      fc.property(
        fc.oneof(hostileTarget, fc.string({ unit: 'binary', maxLength: 40 }), fc.anything()),
        (raw) => {
          const target = parseRedirect(raw)
          if (target === undefined) return
          expectSamePath(target)
          expect(target).not.toBe('/auth/email')
          expect(parseRedirect(target)).toBe(target)
        },
      ),
      { numRuns: 3000 },
    )
  })

  it('always gives a same-origin place to go after sign-in', () => {
    fc.assert(
      fc.property(fc.oneof(hostileTarget, fc.anything()), (raw) => {
        expectSamePath(redirectTarget(raw))
      }),
      { numRuns: 500 },
    )
  })

  // Refused outright, whatever follows: another origin, a scheme, `//` or `/\`, a raw control
  // character or backslash anywhere.
  it('refuses any target with a scheme, a host, a backslash or a control character', () => {
    const control = fc.constantFrom(...'\u0000\u0001\t\n\r\u001f\u007f\\')
    fc.assert(
      fc.property(
        fc.oneof(appPath, hostileTarget),
        control,
        fc.nat(),
        fc.constantFrom('//', '/\\', '\\', 'https://evil.example', 'javascript:', 'evil'),
        (path, char, at, prefix) => {
          const cut = at % (path.length + 1)
          expect(parseRedirect(path.slice(0, cut) + char + path.slice(cut))).toBeUndefined()
          expect(parseRedirect(prefix + path.replace(/^\/+/, ''))).toBeUndefined()
        },
      ),
      { numRuns: 1000 },
    )
  })

  it('passes every well-formed app path through unchanged', () => {
    fc.assert(
      fc.property(appPath, (path) => {
        expect(parseRedirect(path)).toBe(path)
        expect(redirectTarget(path)).toBe(path)
      }),
      { numRuns: 500 },
    )
    expect(redirectTarget(undefined)).toBe(DEFAULT_REDIRECT)
  })
})
