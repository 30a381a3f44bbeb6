/** A holder's first steps in a browser context: the app installed, then signed in by emailed code. */
import type { BrowserContext, Page } from 'playwright-core'
import { waitForServiceWorker } from './browser.ts'
import { expectEventsHome, newEmail, signInWithCode } from './stack.ts'
import { appUrl } from './test-stack.ts'

/** A signed-in holder's page and the address they signed in with. */
export interface SignedIn {
  page: Page
  email: string
}

/**
 * Opens the app at `base` (its test URL unless given) in a new page of `context` and waits until
 * its worker controls the page.
 */
export async function openInstalled(context: BrowserContext, base = appUrl): Promise<Page> {
  const page = await context.newPage()
  await page.goto(base + '/')
  await waitForServiceWorker(page)
  return page
}

/**
 * Opens the app at `base` (its test URL unless given) in a new page of `context`, waits for its
 * worker, and signs in as `email` with the emailed code: the page ends on the signed-in home with
 * its events.
 */
export async function openSignedIn(
  context: BrowserContext,
  email: string = newEmail(),
  base = appUrl,
): Promise<SignedIn> {
  const page = await openInstalled(context, base)
  await signInWithCode(page, email, '/auth/email', base)
  await page.waitForURL(base + '/')
  await expectEventsHome(page)
  return { page, email }
}

/**
 * Signs out as the holder does: to the account page by its link (unless the page is there
 * already), Sign out, and waits for the signed-out home at `base` (the app's origin by default).
 */
export async function signOut(page: Page, base: string = appUrl): Promise<void> {
  if (new URL(page.url()).pathname !== '/account') {
    await page.getByRole('link', { name: 'Account' }).click()
    await page.waitForURL(base + '/account')
  }
  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.waitForURL(base + '/')
}
