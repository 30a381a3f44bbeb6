/**
 * Where a sign-in landing's token waits between the page's boot script (build/landing-boot.ts),
 * which takes it out of the address before the page requests anything, and the sign-in page
 * (features/auth), which exchanges it. Both must agree before any JavaScript bundle runs.
 */

/** The one page sign-ins come back to (magic links, Google and Apple). */
export const LANDING_PATH = '/auth/email'

/** The query parameters of a landing that are taken out of the address. */
export const LANDING_PARAMS = ['token', 'stytch_token_type'] as const

/**
 * The page global holding the moved parameters as a query (`?stytch_token_type=…&token=…`,
 * encoded as they arrived). A global lives exactly as long as the document: it survives the
 * app's start and nothing else (no reload, no other tab, no storage to clear at sign-out).
 */
export const LANDING_STASH = '__iykSignInLanding'
