/**
 * Google, Apple and text-message sign-in in real Chromium against the production build and the
 * local stack: the provider's consent stand-in and back to exactly /auth/email, the way back (a
 * card tap, the account page) kept on the device across the round trip, the SMS code read from
 * the stack's inbox by number, refusals in words, and the worker owning the session afterwards.
 */
import { randomInt } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { collectErrors } from './support/browser.ts'
import { browserSuite } from './support/browser-suite.ts'
import {
  callCount,
  expectEventsHome,
  makeReauthDue,
  newEmail,
  readEngineState,
} from './support/stack.ts'
import { appUrl, providerUrl } from './support/test-stack.ts'
import { signOut } from './support/holder.ts'
import { waitingFor } from './support/deadline.ts'

const AUTHENTICATE = '/sdk/v1/sessions/authenticate'
const TAP = '/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'

const suite = browserSuite()

type OAuthProvider = 'Google' | 'Apple'

/** The provider's requests the page itself makes (the worker's are not among them). */
function pageRequests(context: BrowserContext): string[] {
  const urls: string[] = []
  context.on('page', (opened) => opened.on('request', (request) => urls.push(request.url())))
  for (const opened of context.pages()) opened.on('request', (request) => urls.push(request.url()))
  return urls
}

/**
 * On /auth/email: leaves for `provider`, checks what the SDK sent the provider (PKCE, the one
 * redirect URL, nothing of where the holder was going), and answers the consent stand-in as
 * `email`. The browser is then on its way back to the app.
 */
async function signInWith(page: Page, provider: OAuthProvider, email: string): Promise<void> {
  await page.getByRole('button', { name: `Continue with ${provider}` }).click()
  const start = `${providerUrl}/v1/public/oauth/${provider.toLowerCase()}/start`
  await page.waitForURL((url) => url.href.startsWith(start))
  const url = new URL(page.url())
  expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
  expect(url.searchParams.get('login_redirect_url')).toBe(`${appUrl}/auth/email`)
  expect(url.searchParams.get('signup_redirect_url')).toBe(`${appUrl}/auth/email`)
  expect(decodeURIComponent(url.href)).not.toMatch(/uid=|cmac=|\/tap|\/account/)
  await page.getByRole('heading', { name: `Sign in with ${provider}` }).waitFor()
  await page.getByLabel('Another account').fill(email)
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
}

/**
 * The worker owns the session: its record holds it, the page keeps no copy (no SDK cookie or
 * state, no token anywhere in page storage), and a due re-authentication on the next page load
 * comes from the worker, once, and none from the page. (The home page: a tap page would add a
 * refresh of its own.)
 */
async function expectWorkerOwnsSession(page: Page, requests: string[]): Promise<void> {
  const session = (await readEngineState(page))?.session as { sessionToken: string } | undefined
  expect(session?.sessionToken.length).toBeGreaterThan(10)
  const cookies = await page.context().cookies()
  expect(cookies.map((cookie) => cookie.name)).not.toContain('stytch_session')
  const keys = await page.evaluate(() => Object.keys(localStorage))
  expect(keys.filter((key) => key.startsWith('stytch_sdk_state_'))).toEqual([])
  const pageStorage = await page.evaluate(
    () => JSON.stringify({ ...localStorage, ...sessionStorage }) + document.cookie,
  )
  expect(pageStorage).not.toContain(session?.sessionToken)

  // Counted before the due time is written: the open page may wake the worker (a focus, its
  // wake timer) before the reload does, and that one call is the re-authentication all the same.
  const before = await callCount(AUTHENTICATE)
  await makeReauthDue(page)
  const fromPage = requests.length
  await page.goto(appUrl + '/')
  await expectEventsHome(page)
  await expect
    .poll(() => callCount(AUTHENTICATE), waitingFor('the re-authentication of the reload'))
    .toBe(before + 1)
  // The provider counts the call when it arrives; the worker writes its time once the answer is in.
  const lastAuthAt = async () =>
    ((await readEngineState(page))?.session as { lastAuthAt: number }).lastAuthAt
  await expect
    .poll(lastAuthAt, { message: 'the re-authentication’s time in the record' })
    .toBeGreaterThan(Date.now() - 60_000)
  expect(
    requests.slice(fromPage).filter((url) => url.startsWith(providerUrl + AUTHENTICATE)),
  ).toEqual([])
}

describe.each<OAuthProvider>(['Google', 'Apple'])('%s', (provider) => {
  it('anonymous tap: sign in, and back on the same tap with its refresh', async () => {
    const { context, page } = await suite.installed()
    const requests = pageRequests(context)
    const errors = collectErrors(page)
    await page.goto(appUrl + TAP)
    await page.getByRole('link', { name: 'Sign in to collect' }).click()
    await page.waitForURL((url) => url.pathname === '/auth/email')
    await signInWith(page, provider, newEmail(provider.toLowerCase()))

    await page.waitForURL(appUrl + TAP)
    await page.getByText('Card details for support').waitFor()
    await page.getByRole('link', { name: 'Account' }).waitFor()
    await page.getByText('Nothing new yet.').or(page.getByTestId('tap-new-events')).waitFor()
    await expectWorkerOwnsSession(page, requests)
    expect(errors).toEqual([])
  })

  it('the account page as the way back, the address the provider vouched for shown', async () => {
    const { context, page } = await suite.installed()
    const requests = pageRequests(context)
    const email = newEmail(provider.toLowerCase())
    await page.goto(appUrl + '/account')
    await page.waitForURL(/\/auth\/email\?redirect=%2Faccount/)
    await signInWith(page, provider, email)
    await page.waitForURL(appUrl + '/account')
    await page.getByText(email).waitFor()
    expect(page.url()).not.toContain('token=')
    await expectWorkerOwnsSession(page, requests)
  })
})

describe('Google or Apple refused', () => {
  /** Signs in with Google on a fresh page, capturing the landing URL the provider sent back. */
  async function landingOf(page: Page): Promise<string> {
    let landing = ''
    page.on('request', (request) => {
      if (request.url().includes('stytch_token_type=oauth')) landing ||= request.url()
    })
    await page.goto(appUrl + '/auth/email')
    await signInWith(page, 'Google', newEmail('google'))
    await expectEventsHome(page)
    return landing
  }

  it('a used landing is explained above the email form', async () => {
    const { page } = await suite.installed()
    const landing = await landingOf(page)
    expect(landing).toMatch(
      new RegExp(`^${appUrl}/auth/email\\?stytch_token_type=oauth&token=[\\w-]{43}%3D$`),
    )
    await signOut(page)
    await page.goto(landing)
    await page
      .getByRole('alert')
      .filter({ hasText: /expired or was already used/ })
      .waitFor()
    await page.getByLabel('Email').waitFor()
    expect(page.url()).toBe(appUrl + '/auth/email')
  })

  it('a landing opened in another browser (no verifier there) says where to finish', async () => {
    const { page } = await suite.installed()
    await page.goto(appUrl + '/auth/email')
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    await page.getByLabel('Another account').waitFor()
    // The consent is answered outside this browser, so the landing comes back to no one here.
    const state = await page.locator('input[name="state"]').first().getAttribute('value')
    const answer = await fetch(`${providerUrl}/v1/oauth/callback/google`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ state: state ?? '', email: newEmail('google') }).toString(),
      redirect: 'manual',
    })
    const landing = answer.headers.get('location') ?? ''
    expect(landing).toContain('stytch_token_type=oauth')

    const { page: other } = await suite.installed()
    await other.goto(landing)
    await other
      .getByRole('alert')
      .filter({ hasText: /in the browser where you started/ })
      .waitFor()
    await other.getByRole('button', { name: 'Continue with Google' }).waitFor()
  })
})

describe('text-message code', () => {
  /** A fresh US number in the 555-01xx range kept for fiction. */
  const newPhone = () => `415555${String(randomInt(0, 10_000)).padStart(4, '0')}`

  async function latestSms(phone: string): Promise<string> {
    let code: string | undefined
    await expect
      .poll(async () => {
        const response = await fetch(
          `${providerUrl}/_dev/inbox?phone_number=${encodeURIComponent(phone)}`,
        )
        const { messages } = (await response.json()) as { messages: { code?: string }[] }
        code = messages[0]?.code
        return code !== undefined
      })
      .toBe(true)
    return code ?? ''
  }

  it('signs in with a texted code, back on the tap, the worker owning the session', async () => {
    const { context, page } = await suite.installed()
    const requests = pageRequests(context)
    const errors = collectErrors(page)
    const national = newPhone()
    await page.goto(appUrl + TAP)
    await page.getByRole('link', { name: 'Sign in to collect' }).click()
    await page.getByRole('button', { name: 'Text me a code instead' }).click()
    await page.getByLabel('Country').selectOption('US')
    await page.getByLabel('Mobile number').fill(`(${national.slice(0, 3)}) ${national.slice(3)}`)
    await page.getByRole('button', { name: 'Text me a code' }).click()
    const codeField = page.getByLabel('6-digit code')
    await codeField.waitFor()
    // Shown as people write it; sent (and kept by the provider) in E.164.
    const shown = `+1 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`
    await page.getByText(`We texted a 6-digit code to ${shown}`).waitFor()
    await codeField.fill(await latestSms(`+1${national}`))
    await page.getByRole('button', { name: 'Sign in' }).click()

    await page.waitForURL(appUrl + TAP)
    await page.getByText('Card details for support').waitFor()
    await page.getByText('Nothing new yet.').or(page.getByTestId('tap-new-events')).waitFor()
    await expectWorkerOwnsSession(page, requests)
    // The account says who by number (a texted holder has no email), in international format.
    await page.goto(appUrl + '/account')
    await page.locator('.account-phone').getByText(shown).waitFor()
    expect(errors).toEqual([])
  })

  it('explains a number that cannot be one, and a wrong code', async () => {
    const { page } = await suite.installed()
    await page.goto(appUrl + '/auth/email')
    await page.getByRole('button', { name: 'Text me a code instead' }).click()
    await page.getByLabel('Mobile number').fill('+0 12345678')
    await page.getByRole('button', { name: 'Text me a code' }).click()
    await page.getByRole('alert').filter({ hasText: 'That is not a calling code.' }).waitFor()
    // The country found by searching its calling code.
    await page.getByLabel('Country').selectOption('US')
    await page.getByLabel('Search countries').fill('+44')
    await expect
      .poll(
        () => page.getByLabel('Country').inputValue(),
        waitingFor('Country set to GB by searching “+44”'),
      )
      .toBe('GB')
    // A landline cannot get the text: refused before any call to the provider.
    await page.getByLabel('Mobile number').fill('020 7946 0018')
    await page.getByRole('button', { name: 'Text me a code' }).click()
    await page
      .getByRole('alert')
      .filter({ hasText: /That is not a mobile number in .+ \(\+44\)\./ })
      .waitFor()

    // A UK mobile (07400 123xxx is in a range Ofcom has assigned to mobiles).
    await page.getByLabel('Mobile number').fill('07400 123' + String(randomInt(100, 1000)))
    await page.getByRole('button', { name: 'Text me a code' }).click()
    const codeField = page.getByLabel('6-digit code')
    await codeField.waitFor()
    await codeField.fill('000000')
    await page.getByRole('button', { name: 'Sign in' }).click()
    // A wrong code (or, one time in a million, the right one: then the page moves on).
    await page
      .getByRole('alert')
      .filter({ hasText: /not right, or it has expired/ })
      .or(page.getByRole('heading', { name: 'Your events', level: 1 }))
      .waitFor()
  })
})
