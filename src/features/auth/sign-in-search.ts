/** The sign-in page's search parameters, validated for the route. */
import { parseRedirect } from '../../core/redirect.ts'

/** Search parameters of the sign-in page. */
export interface SignInSearch {
  redirect?: string | undefined
}

/**
 * Keeps `redirect` only when it is a same-origin path. The key is always set (undefined when
 * refused): TanStack Router merges raw search params into validated ones, so a missing key would
 * let the raw value through.
 */
export function validateSignInSearch(search: Record<string, unknown>): SignInSearch {
  return { redirect: parseRedirect(search.redirect) }
}
