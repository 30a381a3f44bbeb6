/** The project's default redirect URL, for a start that named none (magic links and OAuth alike). */
import type { ProviderContext } from './context.ts'
import { ProviderError } from './errors.ts'

/**
 * The first URL on the project's list, as the provider uses it when `field` (e.g.
 * `login_magic_link_url`, `login_redirect_url`) was not given; refused when the list is empty.
 */
export function defaultRedirectUrl(
  ctx: ProviderContext,
  prefix: 'login' | 'signup',
  field: string,
): string {
  const fallback = ctx.config.redirectUrls[0]
  if (!fallback) {
    throw new ProviderError(
      400,
      `no_default_${prefix}_redirect_url_set`,
      `No ${field} was given and the project has no default ${prefix} redirect URL.`,
    )
  }
  return fallback
}
