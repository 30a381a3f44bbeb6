/** Contract: the real SDK's magic-link flow with PKCE; reused, expired, unknown tokens and PKCE mismatches fail. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { pkceChallenge } from '../provider/magic-link-routes.ts'
import { createSdkClient, type SdkHandle } from '../testing/sdk-in-jsdom.ts'
import { startTestStack, type TestStack } from '../testing/test-stack.ts'

const APP = 'http://localhost:5173'
let stack: TestStack
let sdk: SdkHandle | undefined

beforeAll(async () => {
  stack = await startTestStack({ appUrl: APP })
})
afterEach(() => sdk?.dispose())
afterAll(() => stack.close())

async function client() {
  sdk = await createSdkClient(stack.provider.url, stack.publicToken)
  return sdk.client
}

function pkceKey() {
  return `stytch_sdk_state_${stack.publicToken}::PKCE_VERIFIER:magic_links`
}

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token') ?? ''
}

describe('email magic link', () => {
  it('signs in end to end with PKCE, landing on the app by default', async () => {
    const stytch = await client()
    await stytch.magicLinks.email.loginOrCreate('link@example.com')
    const pair = JSON.parse(localStorage.getItem(pkceKey()) ?? 'null') as {
      code_verifier: string
      code_challenge: string
    }
    expect(pair.code_challenge).toBe(pkceChallenge(pair.code_verifier))
    const link = await stack.latestLink('link@example.com')
    expect(link).toMatch(
      /^http:\/\/localhost:5173\/auth\/email\?stytch_token_type=magic_links&token=/,
    )

    const result = await stytch.authenticateByUrl({ session_duration_minutes: 60 }, link)
    expect(result).toMatchObject({ handled: true, tokenType: 'magic_links' })
    expect(stytch.session.getSync()?.authentication_factors[0]).toMatchObject({
      type: 'magic_link',
      delivery_method: 'email',
    })
    expect(localStorage.getItem(pkceKey())).toBeNull()
    await stytch.session.revoke()
  })

  it('uses the login URL the caller gives', async () => {
    const stytch = await client()
    await stytch.magicLinks.email.loginOrCreate('custom@example.com', {
      login_magic_link_url: 'http://localhost:5173/auth/email?redirect=%2Faccount',
      signup_magic_link_url: 'http://localhost:5173/auth/email?redirect=%2Faccount',
    })
    const link = new URL(await stack.latestLink('custom@example.com'))
    expect(link.searchParams.get('redirect')).toBe('/account')
    expect(link.searchParams.get('stytch_token_type')).toBe('magic_links')
  })

  it('refuses a reused token', async () => {
    const stytch = await client()
    await stytch.magicLinks.email.loginOrCreate('reuse@example.com')
    const token = tokenOf(await stack.latestLink('reuse@example.com'))
    await stytch.magicLinks.authenticate(token, { session_duration_minutes: 60 })
    await expect(
      stytch.magicLinks.authenticate(token, { session_duration_minutes: 60 }),
    ).rejects.toMatchObject({ error_type: 'unable_to_auth_magic_link', status_code: 401 })
    await stytch.session.revoke({ forceClear: true }).catch(() => undefined)
  })

  it('refuses a PKCE mismatch and keeps the token usable with the right verifier', async () => {
    const stytch = await client()
    await stytch.magicLinks.email.loginOrCreate('pkce@example.com')
    const token = tokenOf(await stack.latestLink('pkce@example.com'))
    const original = localStorage.getItem(pkceKey()) ?? ''
    const pair = JSON.parse(original) as { code_verifier: string }
    localStorage.setItem(pkceKey(), JSON.stringify({ ...pair, code_verifier: 'ab'.repeat(32) }))
    await expect(
      stytch.magicLinks.authenticate(token, { session_duration_minutes: 60 }),
    ).rejects.toMatchObject({ error_type: 'pkce_mismatch', status_code: 400 })
    localStorage.setItem(pkceKey(), original)
    await expect(
      stytch.magicLinks.authenticate(token, { session_duration_minutes: 60 }),
    ).resolves.toMatchObject({ user: { emails: [{ email: 'pkce@example.com' }] } })
    await stytch.session.revoke()
  })

  it('refuses an expired token and an unknown one', async () => {
    const stytch = await client()
    await stytch.magicLinks.email.loginOrCreate('old@example.com', { login_expiration_minutes: 5 })
    const token = tokenOf(await stack.latestLink('old@example.com'))
    stack.clock.advance(61 * 60_000)
    await expect(
      stytch.magicLinks.authenticate(token, { session_duration_minutes: 60 }),
    ).rejects.toMatchObject({ error_type: 'unable_to_auth_magic_link' })
    await expect(
      stytch.magicLinks.authenticate('no-such-token', { session_duration_minutes: 60 }),
    ).rejects.toMatchObject({ error_type: 'magic_link_not_found', status_code: 404 })
  })

  it('checks PKCE both ways for direct callers', async () => {
    const verifier = 'cd'.repeat(32)
    await stack.sdk('/magic_links/email/login_or_create', {
      body: { email: 'raw@example.com', code_challenge: pkceChallenge(verifier) },
    })
    const withChallenge = tokenOf(await stack.latestLink('raw@example.com'))
    const missing = await stack.sdk('/magic_links/authenticate', { body: { token: withChallenge } })
    expect(await missing.json()).toMatchObject({ error_type: 'pkce_expected_code_verifier' })

    await stack.sdk('/magic_links/email/login_or_create', { body: { email: 'raw@example.com' } })
    const plain = tokenOf(await stack.latestLink('raw@example.com'))
    const unexpected = await stack.sdk('/magic_links/authenticate', {
      body: { token: plain, code_verifier: verifier },
    })
    expect(await unexpected.json()).toMatchObject({
      error_type: 'pkce_did_not_expect_code_verifier',
    })

    const ok = await stack.sdk('/magic_links/authenticate', {
      body: { token: withChallenge, code_verifier: verifier },
    })
    expect(ok.status).toBe(200)
  })
})
