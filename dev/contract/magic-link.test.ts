/**
 * Contract: the real SDK's magic-link flow with PKCE and padded tokens; redirect URLs are matched
 * exactly; reused, expired, unknown tokens and PKCE mismatches fail.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { pkceChallenge } from '../provider/pkce.ts'
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
      /^http:\/\/localhost:5173\/auth\/email\?stytch_token_type=magic_links&token=[\w-]{43}%3D$/,
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

  it('mints 44-character padded tokens, URL-encoded in the link, that the SDK signs in with', async () => {
    const stytch = await client()
    await stytch.magicLinks.email.loginOrCreate('padded@example.com', {
      login_magic_link_url: `${APP}/auth/email`,
      signup_magic_link_url: `${APP}/auth/email`,
    })
    const link = await stack.latestLink('padded@example.com')
    const token = tokenOf(link)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}=$/)
    // The link carries the token URL-encoded, as the provider's does; the app gets it decoded.
    expect(link.endsWith(`&token=${token.slice(0, -1)}%3D`)).toBe(true)
    await expect(
      stytch.magicLinks.authenticate(token, { session_duration_minutes: 60 }),
    ).resolves.toMatchObject({ user: { emails: [{ email: 'padded@example.com' }] } })
    await stytch.session.revoke()
  })

  it('refuses a redirect URL that is not on the list as written, with the provider’s error', async () => {
    const stytch = await client()
    const refused = [
      `${APP}/auth/email?redirect=%2Faccount`,
      `${APP}/auth/email/`,
      `${APP}/auth`,
      'http://127.0.0.1:5173/auth/email',
      'https://evil.example/auth/email',
    ]
    for (const url of refused) {
      for (const field of ['login_magic_link_url', 'signup_magic_link_url'] as const) {
        const other =
          field === 'login_magic_link_url' ? 'signup_magic_link_url' : 'login_magic_link_url'
        await expect(
          stytch.magicLinks.email.loginOrCreate('listed@example.com', {
            [field]: url,
            [other]: `${APP}/auth/email`,
          }),
        ).rejects.toMatchObject({
          name: 'StytchAPIError',
          status_code: 400,
          error_type: 'no_match_for_provided_magic_link_url',
          error_message: expect.stringMatching(
            /^The magic_link_url in the request did not match any redirect URLs set for this project\./,
          ),
          error_url: 'https://stytch.com/docs/api/errors/400#no_match_for_provided_magic_link_url',
        })
      }
    }
    const raw = await stack.sdk('/magic_links/email/send/primary', {
      body: { email: 'listed@example.com', login_magic_link_url: 'not a url' },
    })
    expect(await raw.json()).toMatchObject({ error_type: 'invalid_login_magic_link_url' })
    const inbox = await fetch(`${stack.provider.url}/_dev/inbox?email=listed@example.com`)
    expect(await inbox.json()).toEqual({ messages: [] })
  })

  it('matches a configured URL exactly, query included, and lands on the first one by default', async () => {
    const listed = `${APP}/auth/email?from=link`
    const custom = await startTestStack({ appUrl: APP, redirectUrls: [listed, `${APP}/other`] })
    try {
      const ok = await custom.sdk('/magic_links/email/login_or_create', {
        body: {
          email: 'query@example.com',
          login_magic_link_url: listed,
          signup_magic_link_url: listed,
        },
      })
      expect(ok.status).toBe(200)
      const link = new URL(await custom.latestLink('query@example.com'))
      expect(link.searchParams.get('from')).toBe('link')
      expect(link.searchParams.get('stytch_token_type')).toBe('magic_links')
      custom.clock.advance(1000)
      const plain = await custom.sdk('/magic_links/email/login_or_create', {
        body: { email: 'query@example.com', login_magic_link_url: `${APP}/auth/email` },
      })
      expect(await plain.json()).toMatchObject({
        error_type: 'no_match_for_provided_magic_link_url',
      })
      custom.clock.advance(1000)
      await custom.sdk('/magic_links/email/send/primary', { body: { email: 'query@example.com' } })
      expect(await custom.latestLink('query@example.com')).toMatch(
        /^http:\/\/localhost:5173\/auth\/email\?from=link&stytch_token_type=magic_links&token=/,
      )
    } finally {
      await custom.close()
    }
  })

  it('keeps login links an hour and sign-up links a week by default, within 5 to 10080 minutes', async () => {
    await stack.sdk('/magic_links/email/login_or_create', { body: { email: 'week@example.com' } })
    const signup = tokenOf(await stack.latestLink('week@example.com'))
    stack.clock.advance(6 * 24 * 60 * 60_000)
    const verifierless = await stack.sdk('/magic_links/authenticate', { body: { token: signup } })
    expect(verifierless.status).toBe(200)

    await stack.sdk('/magic_links/email/login_or_create', { body: { email: 'week@example.com' } })
    const login = tokenOf(await stack.latestLink('week@example.com'))
    stack.clock.advance(60 * 60_000 + 1000)
    const late = await stack.sdk('/magic_links/authenticate', { body: { token: login } })
    expect(await late.json()).toMatchObject({ error_type: 'unable_to_auth_magic_link' })

    for (const minutes of [4, 10_081, 7.5]) {
      for (const field of ['login_expiration_minutes', 'signup_expiration_minutes']) {
        const response = await stack.sdk('/magic_links/email/login_or_create', {
          body: { email: 'bounds@example.com', [field]: minutes },
        })
        expect(response.status).toBe(400)
        expect(await response.json()).toMatchObject({ error_type: 'invalid_expiration' })
      }
    }
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
    await stytch.magicLinks.email.loginOrCreate('old@example.com', {
      login_expiration_minutes: 5,
      signup_expiration_minutes: 5,
    })
    const token = tokenOf(await stack.latestLink('old@example.com'))
    stack.clock.advance(5 * 60_000 + 1000)
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

    stack.clock.advance(1000) // one link per address per second
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
