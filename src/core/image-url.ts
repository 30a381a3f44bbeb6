/** Which event image addresses the app may load: only those on the configured image origins. */

/**
 * The normalised address when `value` is an absolute http(s) URL on one of `origins` (each a bare
 * origin such as `https://assets.poap.xyz`), else null: an event entry cannot make every
 * holder's phone call a host of its choosing.
 */
export function allowedImageUrl(
  value: string | null | undefined,
  origins: readonly string[],
): string | null {
  if (!value) return null
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  if (url.username !== '' || url.password !== '') return null
  return origins.includes(url.origin) ? url.href : null
}
