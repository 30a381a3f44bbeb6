/**
 * Upgrading a signed-in holder from the release before this one (0.1.0, built from its own commit)
 * to this one, on one origin, as a deployer does it (the new files over the old, the old assets
 * kept): two tabs signed in, a tap kept while the cards service could not be reached. Nothing is
 * lost: no false sign-out, the list and the kept tap survive (this release reads what the last one
 * stored), each tab offers the new version and reloads once on Reload, and a tab left on the old
 * release keeps working, its lazy chunks still loading, until it reloads; a tab whose messages
 * the new worker cannot read is told to reload; and a rollback to 0.1.0 keeps the holder signed in.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { hostingDir } from '../build/hosting/plugin.ts'
import { browserSuite } from './support/browser-suite.ts'
import { openSignedIn } from './support/holder.ts'
import { buildPreviousRelease, PREVIOUS_RELEASE } from './support/earlier-release.ts'
import { startReleaseHost, type ReleaseHost } from './support/release-host.ts'
import { expectEventsHome, readEngineState, setNetwork } from './support/stack.ts'
import { distDir } from './support/test-stack.ts'
import { scaled } from './support/deadline.ts'

/**
 * Each card's text as the release before showed it: this release adds the "Happening now" mark
 * to today's events (issue 37), which the comparison leaves out.
 */
const cardTexts = (page: Page) =>
  page.getByTestId('event-card').evaluateAll((cards) =>
    cards.map((card) => {
      const copy = card.cloneNode(true) as Element
      copy.querySelector('.badge--now')?.remove()
      return (copy.textContent ?? '').trim()
    }),
  )

const TAP = '/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'

const suite = browserSuite()
let host: ReleaseHost
let previous = ''

beforeAll(async () => {
  previous = await mkdtemp(join(tmpdir(), 'iyk-release-0.1.0-'))
  await buildPreviousRelease(previous)
  host = await startReleaseHost()
}, scaled(180_000))

afterAll(async () => {
  await setNetwork(true)
  await host.close()
  await rm(previous, { recursive: true, force: true })
  await rm(hostingDir(previous), { recursive: true, force: true })
})

/** Which release a page runs: this one's page names `mobile-web-app-capable`, 0.1.0's does not. */
const release = (page: Page) =>
  page.evaluate(() =>
    document.querySelector('meta[name="mobile-web-app-capable"]') ? 'this' : 'previous',
  )

/** Waits until `page` runs `which` release (reloading meanwhile), saying `what` if it does not. */
const expectRelease = (page: Page, which: 'this' | 'previous', what: string) =>
  expect
    .poll(() => release(page).catch(() => 'reloading'), { message: what, timeout: scaled(30_000) })
    .toBe(which)

/** The "New version available" prompt of a page. */
const prompt = (page: Page) => page.getByRole('status').filter({ hasText: 'New version available' })

/** The taps the session engine keeps, read in the page. */
const keptTaps = async (page: Page) =>
  ((await readEngineState(page))?.tapQueue as { taps: unknown[] } | undefined)?.taps.length ?? 0

it('a signed-in holder with two tabs and a kept tap comes through the upgrade and a rollback with nothing lost', async () => {
  await host.deploy(previous)
  const context = await suite.newContext()
  const { page: first } = await openSignedIn(context, undefined, host.url)
  const second = await context.newPage()
  await second.goto(host.url + '/')
  await expectEventsHome(second)
  const third = await context.newPage()
  await third.goto(host.url + '/')
  await expectEventsHome(third)
  expect(await release(first)).toBe('previous')
  // The engine's one stored record carries its layout's version; this release reads the same.
  expect((await readEngineState(first))?.schema).toBe(1)
  const listBefore = await cardTexts(first)

  // A card tapped while the services cannot be reached: the old release keeps it.
  await setNetwork(false)
  await first.goto(host.url + TAP)
  await first.getByTestId('tap-kept').waitFor()
  expect(await keptTaps(first)).toBe(1)
  await first.goto(host.url + '/')
  await expectEventsHome(first)

  // This release goes out. Each tab finds it at its next check and offers it.
  await host.deploy(distDir)
  let firstLoads = 0
  let secondLoads = 0
  first.on('load', () => (firstLoads += 1))
  second.on('load', () => (secondLoads += 1))
  await first.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()))
  await prompt(first).waitFor({ timeout: scaled(30_000) })
  await prompt(second).waitFor({ timeout: scaled(30_000) })
  let thirdLoads = 0
  third.on('load', () => (thirdLoads += 1))

  // Accepted in the first tab: it reloads once, onto this release, still signed in.
  await prompt(first).getByRole('button', { name: 'Reload' }).click()
  await expectRelease(first, 'this', 'the first tab on this release')
  await expectEventsHome(first)
  expect(await cardTexts(first)).toEqual(listBefore)
  expect(await keptTaps(first)).toBe(1)
  expect((await readEngineState(first))?.schema).toBe(1)
  expect(firstLoads).toBe(1)

  // The second tab is still the old release, now beside the new worker, and keeps working: its
  // account page's code (a lazy chunk of the old release) loads, from the assets the host kept.
  expect(await release(second)).toBe('previous')
  await second.getByRole('link', { name: 'Account' }).click()
  await second.getByRole('heading', { name: 'Account' }).waitFor({ timeout: scaled(20_000) })
  await second.goBack()
  await expectEventsHome(second)
  expect(secondLoads).toBe(0)
  await prompt(second).getByRole('button', { name: 'Reload' }).click()
  await expectRelease(second, 'this', 'the second tab on this release')
  await expectEventsHome(second)
  expect(secondLoads).toBe(1)

  // A tab whose messages the new worker cannot read (as a release speaking another version of the
  // tabs' protocol sends them) is told to reload, once, instead of being ignored.
  expect(await release(third)).toBe('previous')
  await third.evaluate(() =>
    navigator.serviceWorker.controller?.postMessage({ type: 'hello-of-another-protocol' }),
  )
  await expectRelease(third, 'this', 'the tab of another protocol reloaded onto this release')
  await expectEventsHome(third)
  expect(thirdLoads).toBe(1)

  // The network back, the tap the old release kept is settled by the new one.
  await setNetwork(true)
  await first.reload()
  await expectEventsHome(first)
  await expect
    .poll(() => keptTaps(first), { message: 'the kept tap settled', timeout: scaled(20_000) })
    .toBe(0)
  // No false sign-out anywhere, and no reload beyond the ones asked for.
  expect(await first.evaluate(() => localStorage.getItem('signout-event'))).toBeNull()
  expect(secondLoads).toBe(1)

  // A rollback to 0.1.0 (this release withdrawn the ordinary way): its worker reads what this
  // release stored, the holder stays signed in, the tab reloads once, nothing stays refreshing.
  await second.close()
  await third.close()
  await host.deploy(previous)
  firstLoads = 0
  await first.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()))
  await prompt(first)
    .getByRole('button', { name: 'Reload' })
    .click({ timeout: scaled(30_000) })
  await expectRelease(
    first,
    'previous',
    `release ${PREVIOUS_RELEASE.version} again, after the rollback`,
  )
  await expectEventsHome(first)
  await first.getByRole('button', { name: 'Refresh' }).click()
  await expect
    .poll(() => first.getByText('Refreshing…').count(), {
      message: 'no refresh left under way',
      timeout: scaled(20_000),
    })
    .toBe(0)
  await expectEventsHome(first)
  expect(firstLoads).toBe(1)
})
