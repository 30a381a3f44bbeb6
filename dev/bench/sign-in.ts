/** Signs a bench's holder in with the emailed code from the stand-in's inbox. */
import type { Page } from 'playwright-core'

/**
 * Signs in a fresh `bench-…@example.com` on `page`, in English (the steps are found by their
 * English names); resolves once their events screen shows. The page's language is the holder's
 * choice again afterwards: English unless `locale` is given.
 */
export async function signInWithEmailCode(
  page: Page,
  appUrl: string,
  providerUrl: string,
  locale = 'en',
): Promise<void> {
  const email = `bench-${Date.now()}@example.com`
  await page.goto(`${appUrl}/auth/email`)
  await page.evaluate(() => localStorage.setItem('locale', 'en'))
  await page.reload()
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send code' }).click()
  await page.getByLabel('6-digit code').waitFor()
  const inbox = await fetch(`${providerUrl}/_dev/inbox?email=${encodeURIComponent(email)}`)
  const { messages } = (await inbox.json()) as { messages: { kind: string; code?: string }[] }
  const code = messages.find((message) => message.kind === 'otp')?.code
  if (!code) throw new Error('No sign-in code arrived in the stand-in inbox')
  await page.getByLabel('6-digit code').fill(code)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('heading', { name: 'Your events', level: 1 }).waitFor()
  await page.evaluate((chosen) => localStorage.setItem('locale', chosen), locale)
}
