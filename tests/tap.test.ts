/**
 * The tap journeys in real Chromium against the production build and the local stack: a valid
 * and an invalid link, sign-in from a tap and back to it, one refresh per signed-in tap with what
 * it brought, and a tap made offline kept in IndexedDB until the network returns.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { collectErrors, launchBrowser, waitForServiceWorker } from './support/browser.ts'
import {
  callCount,
  expectEventsHome,
  latestMessage,
  newEmail,
  readEngineState,
  resetStack,
  signInWithCode,
} from './support/stack.ts'

const appUrl = inject('appUrl')
const cardsUrl = inject('cardsUrl')
const AUTHENTICATE = '/sdk/v1/sessions/authenticate'
const TAP = '/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'

let browser: Browser
const contexts: BrowserContext[] = []

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser.close()
})

beforeEach(async () => {
  await resetStack()
  await Promise.all(contexts.splice(0).map((context) => context.close()))
})

async function newPage() {
  const context = await browser.newContext()
  contexts.push(context)
  return { context, page: await context.newPage() }
}

/** A context whose worker is installed and controlling, as after a first visit. */
async function installedContext() {
  const { context, page } = await newPage()
  await page.goto(appUrl + '/')
  await waitForServiceWorker(page)
  return { context, page }
}

/** Signed in, then a tap made offline: the page says it is saved; the context is still offline. */
async function tapSavedOffline() {
  const { context, page } = await installedContext()
  await signInWithCode(page)
  await expectEventsHome(page)
  await context.setOffline(true)
  await page.goto(appUrl + TAP)
  await page.getByText("Saved. We'll refresh when you're back online.").waitFor()
  return { context, page }
}

/** The refresh result: the new events, or "Nothing new yet." */
const refreshResult = (page: Page) =>
  page.getByText('Nothing new yet.').or(page.getByTestId('tap-new-events'))

/** The offline tap as kept in the tap database (not the session engine's). */
function readPendingTap(page: Page): Promise<unknown> {
  return page.evaluate(
    () =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('iyk-cards-taps')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('taps')) {
            db.close()
            resolve(null)
            return
          }
          const request = db.transaction('taps').objectStore('taps').get('pending-tap')
          request.onsuccess = () => {
            resolve(request.result ?? null)
            db.close()
          }
          request.onerror = () => reject(request.error)
        }
      }),
  )
}

/** Adds one event to the signed-in user's list on the cards stand-in; returns its name. */
async function addEvent(page: Page, name: string): Promise<string> {
  const state = await readEngineState(page)
  const userId = (state?.session as { userId: string }).userId
  const cached = (state?.events as { events: Record<string, unknown>[] }).events
  const added = { ...cached[0], id: 'tap-test-new', name, status: 'active' }
  const response = await fetch(`${cardsUrl}/_dev/events`, {
    method: 'PUT',
    body: JSON.stringify({ userId, events: [...cached, added] }),
  })
  expect(response.status).toBe(200)
  return name
}

describe('the link', () => {
  it('recognises a valid tap and shows its parameters as text', async () => {
    const { page } = await newPage()
    const errors = collectErrors(page)
    await page.goto(appUrl + TAP)
    const card = page.getByTestId('tap-recognised')
    await card.getByRole('heading', { name: 'Card recognised' }).waitFor()
    expect(await card.textContent()).toContain('Signed (uid + ctr + cmac)')
    for (const value of ['041E3C8A2D6B80', '000006', '4B00064004B0B3D3']) {
      await card.locator('code', { hasText: value }).waitFor()
    }
    // Anonymous: the way to collect it; no Web NFC in desktop Chromium, so no Scan card.
    await page.getByRole('link', { name: 'Sign in to collect' }).waitFor()
    expect(await page.getByRole('button', { name: 'Scan card' }).count()).toBe(0)
    expect(new URL(page.url()).search).toBe(TAP.slice('/tap'.length))
    expect(errors).toEqual([])
  })

  it('says plainly when a link is not a valid tap, with a way home', async () => {
    const { page } = await newPage()
    await page.goto(appUrl + '/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=NOTHEX0000000000')
    const alert = page.getByRole('alert')
    await alert.filter({ hasText: "This link isn't a valid card tap" }).waitFor()
    expect(await alert.textContent()).toContain('“cmac” is not a hexadecimal code.')
    expect(await page.getByText('Card recognised').count()).toBe(0)
    await page.getByRole('link', { name: 'Back to home' }).click()
    await page.waitForURL(appUrl + '/')
    await page.getByRole('heading', { name: 'IYK Cards', level: 1 }).waitFor()
  })
})

describe('collecting a tap', () => {
  it('anonymous: sign in, then back on the same tap, recognised and refreshed', async () => {
    const { page } = await installedContext()
    await page.goto(appUrl + TAP)
    await page.getByRole('link', { name: 'Sign in to collect' }).click()
    await page.waitForURL((url) => url.pathname === '/auth/email')
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(TAP)

    const email = newEmail()
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send code' }).click()
    const { code } = await latestMessage(email, 'otp')
    await page.getByLabel('6-digit code').fill(code ?? '')
    await page.getByRole('button', { name: 'Sign in' }).click()

    await page.waitForURL(appUrl + TAP)
    await page.getByRole('heading', { name: 'Card recognised' }).waitFor()
    await page.getByRole('link', { name: 'Account' }).waitFor()
    await refreshResult(page).waitFor()
  })

  it('anonymous by magic link: the tap stays on the device, never in the email, and is back after', async () => {
    const { page } = await installedContext()
    await page.goto(appUrl + TAP)
    await page.getByRole('link', { name: 'Sign in to collect' }).click()
    const email = newEmail()
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send code' }).click()
    await page.getByRole('button', { name: 'Email me a sign-in link instead' }).click()
    await page.getByText('We emailed a sign-in link').waitFor()

    // The provider (and the mailbox) get a link with no trace of the card: the one registered
    // redirect URL, with a token in the provider's format (44 characters, `=` sent as %3D).
    const { link } = await latestMessage(email, 'magic_link')
    for (const value of ['041E3C8A2D6B80', '4B00064004B0B3D3', 'uid=', 'cmac=', '/tap']) {
      expect(decodeURIComponent(link ?? '')).not.toContain(value)
    }
    expect(link).toMatch(
      new RegExp(`^${appUrl}/auth/email\\?stytch_token_type=magic_links&token=[\\w-]{43}%3D$`),
    )
    await page.goto(link ?? '')
    await page.waitForURL(appUrl + TAP)
    await page.getByRole('heading', { name: 'Card recognised' }).waitFor()
    await refreshResult(page).waitFor()
  })

  it('signed in: one re-authentication per tap, and the events it brought', async () => {
    const { page } = await installedContext()
    await signInWithCode(page)
    await expectEventsHome(page)
    const name = await addEvent(page, 'Tapped Into Berlin')
    const before = await callCount(AUTHENTICATE)

    await page.goto(appUrl + TAP)
    const added = page.getByTestId('tap-new-events')
    await added.waitFor()
    expect(await added.textContent()).toContain(name)
    expect(await added.getByRole('listitem').count()).toBe(1)
    expect(await callCount(AUTHENTICATE)).toBe(before + 1)
    // Nothing more follows once the refresh is done.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(await callCount(AUTHENTICATE)).toBe(before + 1)
  })

  it('offline: the tap is kept, then refreshed and forgotten when the network is back', async () => {
    const { context, page } = await tapSavedOffline()
    expect(await readPendingTap(page)).toMatchObject({ query: TAP.slice('/tap'.length) })
    // The session engine's database holds no tap.
    expect(JSON.stringify(await readEngineState(page))).not.toContain('041E3C8A2D6B80')

    const before = await callCount(AUTHENTICATE)
    await context.setOffline(false)
    // Back online, the page hears of it first; a busy machine may take more than the default second.
    await expect.poll(() => callCount(AUTHENTICATE), { timeout: 10_000 }).toBe(before + 1)
    await refreshResult(page).waitFor()
    await expect.poll(() => readPendingTap(page)).toBeNull()
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(await callCount(AUTHENTICATE)).toBe(before + 1)
  })

  it('offline: a tap kept on /tap is settled on whatever page is open when the network is back', async () => {
    const { context, page } = await tapSavedOffline()
    // Leave the tap page while still offline: only the root layout can settle the tap now.
    await page.goto(appUrl + '/')
    await expectEventsHome(page)
    expect(await readPendingTap(page)).not.toBeNull()

    const before = await callCount(AUTHENTICATE)
    await context.setOffline(false)
    await expect.poll(() => readPendingTap(page), { timeout: 10_000 }).toBeNull()
    await expect.poll(() => callCount(AUTHENTICATE)).toBe(before + 1)
  })

  it('sign-out forgets a tap kept offline', async () => {
    const { page } = await tapSavedOffline()
    await page.getByRole('link', { name: 'Account' }).click()
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForURL(appUrl + '/')
    await expect.poll(() => readPendingTap(page)).toBeNull()
  })
})
