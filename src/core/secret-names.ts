/**
 * Which names hold what never reaches a report: query parameters of a sign-in link or a card tap,
 * credential fields, headers and the holder's address. Apart from the scrubbing itself (scrub.ts),
 * so that the page can tell a secret name without loading the scrubber.
 */

/** Query parameters whose values never leave the device in a report (sign-in link and card tap). */
export const SCRUBBED_PARAMS = [
  'token',
  'stytch_token_type',
  'e',
  'picc_data',
  'cmac',
  'uid',
  'ctr',
  'p',
  'c',
] as const

/** Fields removed wherever they appear (compared lower-case): headers and cookie jars. */
const DROPPED_KEYS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'cookies',
  'set-cookie',
])

/** Fields about the holder that are removed wherever they appear (`user.email`, `ip_address`). */
const PERSONAL_KEYS = new Set(['email', 'emailaddress', 'ipaddress'])

/**
 * Fields whose values are credentials or tap data (compared lower-case without `_` and `-`),
 * besides every name ending in one of SECRET_SUFFIXES. The one-letter tap parameters (`e`, `p`,
 * `c`) count only as query parameters: as field names they would hit unrelated data.
 */
const SECRET_KEYS = new Set([
  'token',
  'sessiontoken',
  'sessionjwt',
  'jwt',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'password',
  'privatekey',
  'authorization',
  'proxyauthorization',
  'cookie',
  'setcookie',
  'stytchtokentype',
  'uid',
  'ctr',
  'cmac',
  'piccdata',
])

/** Names ending in these are secret too (`session_token`, `sessionJwt`, `X-Api-Key`, …). */
const SECRET_SUFFIXES = ['token', 'jwt', 'password', 'secret', 'apikey']

const normalizeKey = (key: string) => key.toLowerCase().replace(/[-_]/g, '')

/** The last part of a dotted name (`http.request.header.cookie` → `cookie`). */
const lastPart = (key: string) => key.slice(key.lastIndexOf('.') + 1)

/** Whether a field (or a name written in text) holds a credential or tap data. */
export function isSecretKey(key: string): boolean {
  const name = normalizeKey(lastPart(key))
  return SECRET_KEYS.has(name) || SECRET_SUFFIXES.some((suffix) => name.endsWith(suffix))
}

/** Whether reports lose a field altogether: authorization, cookies, the holder's address. */
export function isDroppedKey(key: string): boolean {
  const last = lastPart(key)
  return DROPPED_KEYS.has(last.toLowerCase()) || PERSONAL_KEYS.has(normalizeKey(last))
}

/**
 * Whether a field's value never reaches a report as it is: a credential, tap data, an
 * authorization or cookie header, the holder's email or IP address (`session_token`, `uid`, …).
 */
export function isScrubbedKey(key: string): boolean {
  return isDroppedKey(key) || isSecretKey(key)
}
