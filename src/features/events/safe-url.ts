/** Keeps only web addresses that are safe to put in a link or an image: http and https. */

/** The normalised URL when `value` is an absolute http(s) URL, else null. */
export function httpUrl(value: string | null | undefined): string | null {
  if (!value) return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}
