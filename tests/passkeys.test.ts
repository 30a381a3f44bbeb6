/**
 * Passkeys in real Chromium with its virtual authenticator (CDP `WebAuthn`), on the app at
 * `localhost` (an IP address can be no relying party): added on the account page through the
 * worker, then used to sign in by button and by autofill, renamed, removed; cancelled and
 * unknown passkeys said in words; the session afterwards is the worker's.
 */
import { describe, expect, it } from 'vitest'
import type { BrowserContext, CDPSession, Page } from 'playwright-core'
import { browserSuite } from './support/browser-suite.ts'
import { appShown, waitForServiceWorker } from './support/browser.ts'
import {
  advanceProviderClock,
  callCount,
  expectEventsHome,
  latestMessage,
  makeReauthDue,
  newEmail,
  patchEngineSession,
  readEngineState,
  signInWithCode,
} from './support/stack.ts'
import { signOut } from './support/holder.ts'
import { addTestWallet } from './support/test-wallet.ts'
import { appUrl, providerUrl } from './support/test-stack.ts'
import { waitingFor } from './support/deadline.ts'

/** The same build at `localhost`, an origin the test project authorizes too. */
const localUrl = appUrl.replace('127.0.0.1', 'localhost')
const AUTHENTICATE = '/sdk/v1/sessions/authenticate'

const suite = browserSuite()

/** A platform authenticator with resident keys and user verification, as a phone has. */
async function addAuthenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable', { enableUI: false })
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return { cdp, id: authenticatorId }
}

async function credentials(authenticator: { cdp: CDPSession; id: string }) {
  const { credentials: list } = await authenticator.cdp.send('WebAuthn.getCredentials', {
    authenticatorId: authenticator.id,
  })
  return list
}

/** A holder signed in by emailed code on the app at localhost, with the worker in charge. */
async function signedInAtLocalhost(context: BrowserContext) {
  const page = await context.newPage()
  await page.goto(localUrl + '/')
  await waitForServiceWorker(page)
  const email = await signInWithCode(page, newEmail('passkey'), '/auth/email', localUrl)
  await page.waitForURL(localUrl + '/')
  await expectEventsHome(page)
  return { page, email }
}

/** Signs out on `localhost`, from the account page, and waits for the signed-out home. */
async function signOutLocally(page: Page) {
  await page.goto(localUrl + '/account')
  await signOut(page, localUrl)
  await page.getByRole('link', { name: 'Sign in' }).first().waitFor()
}

async function addPasskey(page: Page) {
  await page.goto(localUrl + '/account')
  await page.getByTestId('passkeys-empty').waitFor()
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await expect
    .poll(
      () => page.getByRole('status').filter({ hasText: 'Passkey added.' }).count(),
      waitingFor('the status “Passkey added.”'),
    )
    .toBe(1)
}

/** Provider calls the page itself made (the worker's are not the page's). */
function watchPageProviderCalls(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(providerUrl)) seen.push(new URL(request.url()).pathname)
  })
  return seen
}

describe('passkeys', () => {
  it('added on the account page by the worker, renamed, then signing in with it (button and autofill); the session is the worker’s', async () => {
    const context = await suite.newContext()
    const { page, email } = await signedInAtLocalhost(context)
    const authenticator = await addAuthenticator(page)
    const pageCalls = watchPageProviderCalls(page)

    await addPasskey(page)
    const list = page.getByRole('list', { name: 'Your passkeys' })
    await expect
      .poll(() => list.textContent(), waitingFor('“Unnamed passkey” in the list'))
      .toContain('Unnamed passkey')
    const [credential] = await credentials(authenticator)
    expect(credential?.isResidentCredential).toBe(true)
    expect(credential?.rpId).toBe('localhost')
    // The worker made the provider calls with its token: none came from the page.
    expect(pageCalls.filter((path) => /webauthn|users\/me/.test(path))).toEqual([])

    await page.getByRole('button', { name: 'Rename Unnamed passkey' }).click()
    await page.getByLabel('Name for this passkey').fill('Test phone')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect
      .poll(() => list.textContent(), waitingFor('the renamed “Test phone” in the list'))
      .toContain('Test phone')
    await page.reload()
    await expect
      .poll(
        () => page.getByRole('list', { name: 'Your passkeys' }).textContent(),
        waitingFor('“Test phone” in the list after a reload'),
      )
      .toContain('Test phone')

    // Signed out, the passkey signs the holder in again from the button.
    await signOutLocally(page)
    await page.goto(localUrl + '/auth/email')
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await page.waitForURL(localUrl + '/')
    await expectEventsHome(page)
    const state = (await readEngineState(page)) as { session: { email: string } | null }
    expect(state.session?.email).toBe(email)

    // The worker keeps the session alive, as after any sign-in.
    const before = await callCount(AUTHENTICATE)
    pageCalls.length = 0
    await makeReauthDue(page)
    await page.reload()
    await expectEventsHome(page)
    await expect
      .poll(
        () => callCount(AUTHENTICATE),
        waitingFor('the worker’s re-authentication after the reload'),
      )
      .toBeGreaterThan(before)
    expect(pageCalls.filter((path) => path === AUTHENTICATE)).toEqual([])

    // And from the email field's autofill.
    await signOutLocally(page)
    await page.goto(localUrl + '/auth/email')
    // The field of the live app: the first-paint frame's is disabled, as a holder would find it.
    await appShown(page)
    await page.getByLabel('Email').focus()
    await page.waitForURL(localUrl + '/')
    await expectEventsHome(page)
  })

  it('removed, it no longer signs in; a device without one says so', async () => {
    const context = await suite.newContext()
    const { page } = await signedInAtLocalhost(context)
    const authenticator = await addAuthenticator(page)
    await addPasskey(page)
    await page.getByRole('button', { name: 'Remove Unnamed passkey' }).click()
    await page.getByTestId('passkeys-empty').waitFor()
    // The device still has it; the provider no longer does.
    expect(await credentials(authenticator)).toHaveLength(1)

    await signOutLocally(page)
    await page.goto(localUrl + '/auth/email')
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await expect
      .poll(
        () => page.getByRole('alert').textContent(),
        waitingFor('the alert that the passkey is on no account'),
      )
      .toContain('This passkey is not on an IYK Cards account any more.')
    expect(page.url()).toBe(localUrl + '/auth/email')

    await authenticator.cdp.send('WebAuthn.clearCredentials', { authenticatorId: authenticator.id })
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await expect
      .poll(
        () => page.getByRole('alert').textContent(),
        waitingFor('the alert that this device has no passkey'),
      )
      .toContain('this device has no passkey for IYK Cards')
  })

  it('a cancelled ceremony adds nothing and says so', async () => {
    const context = await suite.newContext()
    const { page } = await signedInAtLocalhost(context)
    const authenticator = await addAuthenticator(page)
    // The holder does not confirm on the device (its user verification fails).
    await authenticator.cdp.send('WebAuthn.setUserVerified', {
      authenticatorId: authenticator.id,
      isUserVerified: false,
    })
    await page.goto(localUrl + '/account')
    await page.getByTestId('passkeys-empty').waitFor()
    await page.getByRole('button', { name: 'Add a passkey' }).click()
    await expect
      .poll(
        () => page.getByRole('alert').textContent(),
        waitingFor('the alert that adding was cancelled'),
      )
      .toContain('Adding a passkey was cancelled or timed out.')
    expect(await page.getByTestId('passkeys-empty').isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Add a passkey' }).isEnabled()).toBe(true)
    expect(await credentials(authenticator)).toHaveLength(0)
  })

  it('a sign-in over five minutes old asks the holder to sign in again, whatever a page script writes in the record, then adds the passkey', async () => {
    const context = await suite.newContext()
    const { page, email } = await signedInAtLocalhost(context)
    const authenticator = await addAuthenticator(page)
    // The holder signed in six minutes ago by the provider's clock, which the worker asks before
    // a change (its limit of one code per second per address would also refuse the code sent
    // below if it fell in the same second as the first).
    await advanceProviderClock(6 * 60_000)
    // The red team's attack: a script of the page writes "signed in just now" into the record.
    await patchEngineSession(page, { factorAt: Date.now() })
    await page.goto(localUrl + '/account')
    await page.getByTestId('passkeys-empty').waitFor()
    await page.getByRole('button', { name: 'Add a passkey' }).click()
    await page
      .getByRole('alert')
      .filter({ hasText: 'For your safety, sign in again to change passkeys' })
      .waitFor()
    expect(await credentials(authenticator)).toEqual([])

    await page.getByRole('button', { name: 'Sign in again' }).click()
    await page.waitForURL((url) => url.pathname === '/auth/email')
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send code' }).click()
    await page.getByLabel('6-digit code').waitFor()
    await page.getByLabel('6-digit code').fill((await latestMessage(email, 'otp')).code ?? '')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(localUrl + '/account')
    await page.getByTestId('passkeys-empty').waitFor()
    await page.getByRole('button', { name: 'Add a passkey' }).click()
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Passkey added.' }).count(), {
        message: 'the passkey added after signing in again',
      })
      .toBe(1)
    expect(await credentials(authenticator)).toHaveLength(1)
  })

  it('a holder with no verified email or phone (a wallet only) is told why they cannot add one', async () => {
    const context = await suite.newContext()
    await addTestWallet(context)
    const page = await context.newPage()
    await page.goto(localUrl + '/')
    await waitForServiceWorker(page)
    await page.goto(localUrl + '/auth/email')
    await page.getByRole('button', { name: 'Sign in with a wallet' }).click()
    await page.getByRole('button', { name: 'Use Test wallet' }).click()
    await page.waitForURL(localUrl + '/')
    const authenticator = await addAuthenticator(page)
    await page.goto(localUrl + '/account')
    await page.getByTestId('passkeys-empty').waitFor()
    await page.getByRole('button', { name: 'Add a passkey' }).click()
    await expect
      .poll(
        () => page.getByRole('alert').textContent(),
        waitingFor('the alert that passkeys need a verified address'),
      )
      .toContain('Passkeys need a verified email address or phone number.')
    expect(await credentials(authenticator)).toHaveLength(0)
  })
})
