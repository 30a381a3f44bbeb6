/**
 * Contract: the real SDK's OAuth flow (Google, Apple) against the emulator. The SDK's navigation
 * to the start URL is caught in jsdom; node's fetch then plays the browser on the consent page
 * and follows the redirect back; `oauth.authenticate` sends the SDK's own stored PKCE verifier.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { pkceChallenge } from '../provider/pkce.ts'
import { createSdkClient, type SdkHandle, type StytchClient } from '../testing/sdk-in-jsdom.ts'
import { startTestStack, type TestStack } from '../testing/test-stack.ts'

const APP = 'http://localhost:5173'
const LOGIN = `${APP}/auth/email`
const SIGNUP = `${APP}/welcome`
let stack: TestStack
let sdk: SdkHandle | undefined

beforeAll(async () => {
  stack = await startTestStack({ appUrl: APP, redirectUrls: [LOGIN, SIGNUP] })
})
afterEach(async () => {
  sdk?.dispose()
  await setConfig({ pkceRequiredForOAuth: true, oauthProviders: ['google', 'apple'] })
})
afterAll(() => stack.close())

async function setConfig(body: Record<string, unknown>) {
  const response = await fetch(`${stack.provider.url}/_dev/config`, {
    method: 'POST',
    body: JSON.stringify(body),
  })
  expect(response.status).toBe(200)
}

/** A fresh SDK client whose navigations are recorded instead of followed. */
async function client() {
  sdk = await createSdkClient(stack.provider.url, stack.publicToken)
  const navigations: URL[] = []
  // The SDK leaves the page with `window.location.href = url` from `oauth.navigate` (public, "so
  // it can be mocked in tests"); jsdom cannot follow a navigation to another origin.
  ;(sdk.client.oauth as unknown as { navigate(url: URL): void }).navigate = (url) =>
    navigations.push(url)
  return { stytch: sdk.client, navigations }
}

const pkceKey = () => `stytch_sdk_state_${stack.publicToken}::PKCE_VERIFIER:oauth`

function storedPair(): { code_verifier: string; code_challenge: string } | null {
  return JSON.parse(localStorage.getItem(pkceKey()) ?? 'null') as {
    code_verifier: string
    code_challenge: string
  } | null
}

/** Starts Google or Apple sign-in through the SDK and returns the URL it navigated to. */
async function startFlow(
  stytch: StytchClient,
  navigations: URL[],
  provider: 'google' | 'apple',
  redirects: { login_redirect_url?: string; signup_redirect_url?: string } = {
    login_redirect_url: LOGIN,
    signup_redirect_url: SIGNUP,
  },
): Promise<URL> {
  await stytch.oauth[provider].start(redirects)
  const url = navigations.at(-1)
  if (!url) throw new Error('the SDK did not navigate')
  return url
}

/**
 * Opens the start URL as a browser would, answers the consent page as `email`, and returns where
 * the provider sends the browser back to.
 */
async function consentAs(startUrl: URL, email: string): Promise<URL> {
  const page = await fetch(startUrl)
  expect(page.status).toBe(200)
  expect(page.headers.get('content-type')).toContain('text/html')
  const html = await page.text()
  const state = /name="state" value="([^"]+)"/.exec(html)?.[1] ?? ''
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? ''
  const answer = await fetch(new URL(action, startUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ state, email }).toString(),
    redirect: 'manual',
  })
  expect(answer.status).toBe(302)
  return new URL(answer.headers.get('location') ?? '')
}

const tokenOf = (landing: URL) => landing.searchParams.get('token') ?? ''
const options = { session_duration_minutes: 60 }

describe('OAuth', () => {
  it('Google: start URL as the SDK builds it, consent, signup landing, authenticate with PKCE', async () => {
    const { stytch, navigations } = await client()
    const start = await startFlow(stytch, navigations, 'google')
    const pair = storedPair()
    expect(start.origin + start.pathname).toBe(`${stack.provider.url}/v1/public/oauth/google/start`)
    expect(Object.fromEntries(start.searchParams)).toEqual({
      public_token: stack.publicToken,
      code_challenge: pair?.code_challenge,
      login_redirect_url: LOGIN,
      signup_redirect_url: SIGNUP,
    })
    expect(pair?.code_challenge).toBe(pkceChallenge(pair?.code_verifier ?? ''))

    const landing = await consentAs(start, 'ada@example.com')
    // A new user lands on the sign-up URL, with the token in the provider's format.
    expect(landing.origin + landing.pathname).toBe(SIGNUP)
    expect(landing.href).toMatch(/\?stytch_token_type=oauth&token=[\w-]{43}%3D$/)

    const result = await stytch.oauth.authenticate(tokenOf(landing), options)
    expect(result).toMatchObject({
      provider_type: 'Google',
      provider_subject: expect.stringMatching(/^\d{21}$/) as string,
      provider_values: { access_token: expect.any(String) as string },
      user: {
        emails: [{ email: 'ada@example.com', verified: true }],
        providers: [{ provider_type: 'Google', provider_subject: result.provider_subject }],
      },
    })
    const [factor] = result.session.authentication_factors
    expect(factor).toMatchObject({
      type: 'oauth',
      delivery_method: 'oauth_google',
      google_oauth_factor: {
        provider_subject: result.provider_subject,
        email_id: result.user.emails[0]?.email_id,
      },
    })
    expect(stytch.session.getTokens()?.session_token).toBe(result.session_token)
    // The verifier is used up.
    expect(localStorage.getItem(pkceKey())).toBeNull()
    await stytch.session.revoke()
  })

  it('Apple: an existing user lands on the login URL and keeps one identity per provider', async () => {
    const { stytch, navigations } = await client()
    // Grace exists already (an email code), so the provider sends her to the login URL.
    await stack.signIn('grace@example.com')
    for (let round = 0; round < 2; round++) {
      const landing = await consentAs(
        await startFlow(stytch, navigations, 'apple'),
        'grace@example.com',
      )
      expect(landing.origin + landing.pathname).toBe(LOGIN)
      const result = await stytch.oauth.authenticate(tokenOf(landing), options)
      expect(result.provider_type).toBe('Apple')
      expect(result.provider_subject).toMatch(/^000\d{3}\.[0-9a-f]{32}\.\d{4}$/)
      expect(result.session.authentication_factors[0]).toMatchObject({
        type: 'oauth',
        delivery_method: 'oauth_apple',
        apple_oauth_factor: { provider_subject: result.provider_subject },
      })
      expect(result.user.providers).toHaveLength(1)
      await stytch.session.revoke()
    }
  })

  it('refuses a verifier that does not match, and the token stays usable for the right one', async () => {
    const { stytch, navigations } = await client()
    const landing = await consentAs(await startFlow(stytch, navigations, 'google'), 'v@example.com')
    const pair = storedPair()
    localStorage.setItem(pkceKey(), JSON.stringify({ ...pair, code_verifier: 'f'.repeat(128) }))
    await expect(stytch.oauth.authenticate(tokenOf(landing), options)).rejects.toMatchObject({
      name: 'StytchAPIError',
      status_code: 400,
      error_type: 'pkce_mismatch',
    })
    localStorage.setItem(pkceKey(), JSON.stringify(pair))
    await expect(stytch.oauth.authenticate(tokenOf(landing), options)).resolves.toMatchObject({
      provider_type: 'Google',
    })
    await stytch.session.revoke()
  })

  it('refuses a token opened where no verifier was kept (another browser)', async () => {
    const { stytch, navigations } = await client()
    const landing = await consentAs(await startFlow(stytch, navigations, 'google'), 'w@example.com')
    localStorage.removeItem(pkceKey())
    await expect(stytch.oauth.authenticate(tokenOf(landing), options)).rejects.toMatchObject({
      status_code: 400,
      error_type: 'pkce_expected_code_verifier',
    })
  })

  it('refuses a token used once already, and one that expired', async () => {
    const { stytch, navigations } = await client()
    const landing = await consentAs(await startFlow(stytch, navigations, 'google'), 'r@example.com')
    const pair = storedPair()
    await stytch.oauth.authenticate(tokenOf(landing), options)
    await stytch.session.revoke()
    localStorage.setItem(pkceKey(), JSON.stringify(pair))
    await expect(stytch.oauth.authenticate(tokenOf(landing), options)).rejects.toMatchObject({
      status_code: 404,
      error_type: 'oauth_token_not_found',
    })

    const late = await consentAs(await startFlow(stytch, navigations, 'apple'), 'r@example.com')
    stack.clock.advance(10 * 60_000 + 1000)
    await expect(stytch.oauth.authenticate(tokenOf(late), options)).rejects.toMatchObject({
      status_code: 404,
      error_type: 'oauth_token_not_found',
    })
  })

  it('refuses redirect URLs that are not on the list as written', async () => {
    const { stytch, navigations } = await client()
    for (const url of [
      `${LOGIN}?redirect=%2Faccount`,
      `${LOGIN}/`,
      'http://127.0.0.1:5173/auth/email',
    ]) {
      const start = await startFlow(stytch, navigations, 'google', {
        login_redirect_url: url,
        signup_redirect_url: url,
      })
      const response = await fetch(start)
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({
        error_type: 'no_match_for_provided_oauth_url',
      })
    }
    // None given: the project's default.
    const landing = await consentAs(
      await startFlow(stytch, navigations, 'google', {}),
      'd@example.com',
    )
    expect(landing.origin + landing.pathname).toBe(LOGIN)
  })

  it('refuses providers the project has not configured, a wrong public token, a missing challenge', async () => {
    const { stytch, navigations } = await client()
    const start = await startFlow(stytch, navigations, 'google')
    const status = async (url: URL) => {
      const response = await fetch(url)
      return [response.status, ((await response.json()) as { error_type: string }).error_type]
    }
    await setConfig({ oauthProviders: ['google'] })
    const apple = new URL(start.href.replace('/oauth/google/', '/oauth/apple/'))
    expect(await status(apple)).toEqual([400, 'apple_oauth_config_not_found'])
    const github = new URL(start.href.replace('/oauth/google/', '/oauth/github/'))
    expect(await status(github)).toEqual([404, 'oauth_config_not_found'])
    const wrongToken = new URL(start)
    wrongToken.searchParams.set('public_token', 'public-token-test-other')
    expect(await status(wrongToken)).toEqual([404, 'public_token_not_found'])
    const bare = new URL(start)
    bare.searchParams.delete('code_challenge')
    expect(await status(bare)).toEqual([400, 'invalid_pkce_code_challenge'])
  })

  it('without PKCE required, the SDK sends no challenge and no verifier, and sign-in works', async () => {
    await setConfig({ pkceRequiredForOAuth: false })
    const { stytch, navigations } = await client()
    const start = await startFlow(stytch, navigations, 'google')
    expect(start.searchParams.has('code_challenge')).toBe(false)
    expect(storedPair()).toBeNull()
    const landing = await consentAs(start, 'nopkce@example.com')
    await expect(stytch.oauth.authenticate(tokenOf(landing), options)).resolves.toMatchObject({
      provider_type: 'Google',
    })
    await stytch.session.revoke()
  })
})
