/** The provider calls the sign-in screens make, over the lazily loaded provider SDK. */
import { SESSION_DURATION_MINUTES } from '../../core/constants.ts'
import { parseAuthenticateData, type AuthenticateData } from '../../core/provider-session.ts'
import { loadProviderClient, withDeadline } from '../../shared/provider-client.ts'

/** How long an emailed code stays valid, in minutes (shown to the user). */
export const CODE_EXPIRY_MINUTES = 10

/** The OAuth providers the sign-in page offers. */
export type OAuthProvider = 'google' | 'apple'

/** What sign-in needs from the provider; components take it as a prop so tests can fake it. */
export interface SignInProvider {
  /** Emails a 6-digit code; resolves with the id to verify it against. */
  sendCode(email: string): Promise<{ methodId: string }>
  /** Checks a code; resolves with the new session's parts. */
  verifyCode(code: string, methodId: string): Promise<AuthenticateData>
  /** Emails a sign-in link that lands on `linkUrl`. */
  sendLink(email: string, linkUrl: string): Promise<void>
  /** Exchanges a magic-link token (PKCE-checked by the SDK) for the new session's parts. */
  authenticateLink(token: string): Promise<AuthenticateData>
  /** Texts a 6-digit code to `phoneNumber` (E.164); resolves with the phone id to verify it against. */
  sendSmsCode(phoneNumber: string): Promise<{ methodId: string }>
  /**
   * Leaves for Google or Apple through the provider, which sends the browser back to
   * `redirectUrl` with a token; the SDK keeps the PKCE verifier on this device meanwhile.
   */
  startOAuth(provider: OAuthProvider, redirectUrl: string): Promise<void>
  /** Exchanges the token Google or Apple sign-in brought back (with the kept verifier). */
  authenticateOAuth(token: string): Promise<AuthenticateData>
  /** Starts loading the SDK ahead of the first call (the holder is about to type an address). */
  warm?(): void
}

const options = { session_duration_minutes: SESSION_DURATION_MINUTES }

/** The real provider, through `@stytch/vanilla-js` headless. */
export const stytchSignIn: SignInProvider = {
  warm() {
    // A failed load is forgotten by loadProviderClient: the first real call tries again and says so.
    loadProviderClient().catch(() => {})
  },
  async sendCode(email) {
    const client = await loadProviderClient()
    const { method_id } = await withDeadline(
      client.otps.email.loginOrCreate(email, { expiration_minutes: CODE_EXPIRY_MINUTES }),
    )
    return { methodId: method_id }
  },
  async verifyCode(code, methodId) {
    const client = await loadProviderClient()
    return parseAuthenticateData(
      await withDeadline(client.otps.authenticate(code, methodId, options)),
    )
  },
  async sendLink(email, linkUrl) {
    const client = await loadProviderClient()
    await withDeadline(
      client.magicLinks.email.loginOrCreate(email, {
        login_magic_link_url: linkUrl,
        signup_magic_link_url: linkUrl,
        login_expiration_minutes: CODE_EXPIRY_MINUTES,
        signup_expiration_minutes: CODE_EXPIRY_MINUTES,
      }),
    )
  },
  async authenticateLink(token) {
    const client = await loadProviderClient()
    return parseAuthenticateData(await withDeadline(client.magicLinks.authenticate(token, options)))
  },
  async sendSmsCode(phoneNumber) {
    const client = await loadProviderClient()
    const { method_id } = await withDeadline(
      client.otps.sms.loginOrCreate(phoneNumber, { expiration_minutes: CODE_EXPIRY_MINUTES }),
    )
    return { methodId: method_id }
  },
  async startOAuth(provider, redirectUrl) {
    const client = await loadProviderClient()
    // Resolves once the SDK has set the page's location: the page is then on its way out.
    await withDeadline(
      client.oauth[provider].start({
        login_redirect_url: redirectUrl,
        signup_redirect_url: redirectUrl,
      }),
    )
  },
  async authenticateOAuth(token) {
    const client = await loadProviderClient()
    return parseAuthenticateData(await withDeadline(client.oauth.authenticate(token, options)))
  },
}
