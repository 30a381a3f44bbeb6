/**
 * A shared phone: after sign-out, online or offline, nothing of the holder stays in any storage
 * the app uses (localStorage, sessionStorage, IndexedDB, Cache Storage, cookies), only the theme
 * and the cross-tab markers. Everything the holder left is searched for by value.
 */
import { describe, expect, it } from 'vitest'
import { browserSuite } from './support/browser-suite.ts'
import { openSignedIn, signOut } from './support/holder.ts'
import { dumpStorage } from './support/storage-inventory.ts'
import { armFault, latestJwt, readEngineState, resetStack } from './support/stack.ts'
import { addTestWallet, connectTestWallet, pastWalletCacheWrite } from './support/test-wallet.ts'
import { appUrl } from './support/test-stack.ts'
import { waitingFor } from './support/deadline.ts'

const UID = '041E3C8A2D6B80'
const TAP = `/tap?uid=${UID}&ctr=000006&cmac=4B00064004B0B3D3`

/**
 * Keys that may stay: the theme, the spec's markers, that this device had its passkey offer (a
 * fact about the device, never the holder), and the browser tests' own wallet key.
 */
const ALLOWED_LOCAL_KEYS = [
  'theme',
  'signin-event',
  'signout-event',
  'passkey-offered',
  'iyk-test-wallet',
]

/**
 * wagmi's "disconnected" shim, which sign-out leaves for every wallet it knew so that a wallet
 * still trusting the site is not reconnected for the next holder (decision 020): its key names
 * the wallet app (a connector id), its value is `true`; nothing of the holder.
 */
const isDisconnectedMarker = (key: string, value: string | undefined) =>
  /^wagmi\.[\w.-]+\.disconnected$/.test(key) && value === 'true'

const suite = browserSuite()

/** A holder with everything the app can keep: session, events, wallet, a kept tap and target. */
async function holderWithEverything() {
  const context = await suite.newContext()
  const address = await addTestWallet(context)
  const { page, email } = await openSignedIn(context)
  const session = (await readEngineState(page))?.session as Record<string, string | undefined>

  await connectTestWallet(page)

  // The event images the worker keeps for offline use.
  await expect
    .poll(
      () => page.evaluate(async () => (await caches.keys()).includes('iyk-cards-images')),
      waitingFor('the image cache made by the list'),
    )
    .toBe(true)

  // A tap kept offline, as a holder on a train would leave it (the provider down as well, in
  // case the browser's offline mode does not cover the worker's own calls).
  await context.setOffline(true)
  await armFault('provider', {
    route: '/sdk/v1/sessions/authenticate',
    mode: 'error',
    status: 503,
    count: 1000,
  })
  await page.goto(appUrl + TAP)
  await page.getByTestId('tap-kept').waitFor()
  expect(JSON.stringify(await readEngineState(page))).toContain(UID)
  await page.goto(appUrl + '/account')

  const jwt = await latestJwt(session.userId ?? '')
  const secrets = [email, session.userId, session.sessionToken, jwt, UID, address.slice(2)]
  expect(secrets.every((secret) => typeof secret === 'string' && secret.length > 8)).toBe(true)
  return { context, page, secrets: secrets as string[] }
}

/** Asserts the dump holds none of the holder's values and only the allowed local keys. */
function expectNothingOfTheHolder(
  dump: Awaited<ReturnType<typeof dumpStorage>>,
  secrets: string[],
) {
  const text = JSON.stringify(dump).toLowerCase()
  for (const secret of secrets)
    expect(text, `storage still holds ${secret}`).not.toContain(secret.toLowerCase())
  expect(
    Object.entries(dump.local)
      .filter(
        ([key, value]) => !ALLOWED_LOCAL_KEYS.includes(key) && !isDisconnectedMarker(key, value),
      )
      .map(([key]) => key),
  ).toEqual([])
  // The wallet the holder connected is among those left disconnected.
  expect(dump.local['wagmi.iyk-test-wallet.disconnected']).toBe('true')
  expect(dump.cookies).toBe('')
  // The engine keeps only its epoch (no session, list or tap); no event image is kept.
  const engine = dump.databases['iyk-cards']?.kv ?? []
  expect(JSON.stringify(engine)).not.toMatch(/"session":\{|"events":\{|"query":/)
  expect(Object.keys(dump.caches)).not.toContain('iyk-cards-images')
  // Nor any error report still queued to be sent (offline, the reporter keeps them).
  expect(dump.databases['sentry-offline']?.queue ?? []).toEqual([])
}

describe('sign-out on a shared phone', () => {
  it.each(['offline', 'online'] as const)(
    '%s: nothing of the holder stays in any storage, only the theme and the markers',
    async (network) => {
      const { context, page, secrets } = await holderWithEverything()
      if (network === 'online') {
        await resetStack() // the provider is back
        await context.setOffline(false)
        await page.reload()
      }
      // Offline, sign-out must not wait for the network.
      await signOut(page)
      // Past a wallet cache write still pending from before the sign-out.
      await pastWalletCacheWrite(page)
      const dump = await dumpStorage(page)
      console.log(
        `storage after sign-out (${network}):`,
        JSON.stringify(Object.keys(dump.local)),
        Object.keys(dump.databases),
        Object.keys(dump.caches),
      )
      expectNothingOfTheHolder(dump, secrets)
    },
  )
})
