/**
 * The signed-in screens in real Chromium against the production build and the local stack:
 * the event list in its groups, an event's detail and back, an unknown event, the empty state,
 * and the account page (email, theme, sign-out).
 */
import { describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { DEMO_TEMPLATES } from '../dev/cards/demo-events.ts'
import { collectErrors, contextOptions } from './support/browser.ts'
import { browserSuite } from './support/browser-suite.ts'
import { expectEventsHome, putHolderEvents, readEngineState } from './support/stack.ts'
import { appUrl, cardsUrl } from './support/test-stack.ts'
import { signOut } from './support/holder.ts'
import { waitingFor } from './support/deadline.ts'

const suite = browserSuite()

/** A signed-in page on the home screen, with the demo events (all five statuses). */
const signedIn = (prepare?: (context: BrowserContext) => Promise<unknown>) =>
  suite.signedIn({ context: contextOptions, prepare })

/** Replaces the signed-in user's list on the cards stand-in, then refreshes the page's list. */
async function serveEvents(page: Page, events: unknown[]): Promise<void> {
  await putHolderEvents(page, events)
  await page.getByRole('button', { name: 'Refresh' }).click()
}

const cardNames = (page: Page, group: string) =>
  page
    .getByRole('region', { name: group, exact: true })
    .locator('.event-card__name')
    .allTextContents()

/** The status badges of a group's cards (the "Happening now" mark is not a status). */
const badges = (page: Page, group: string) =>
  page
    .getByRole('region', { name: group, exact: true })
    .locator('.badge:not(.badge--now)')
    .allTextContents()

/** The names of a group's cards marked as happening now. */
const happening = (page: Page, group: string) =>
  page
    .getByRole('region', { name: group, exact: true })
    .getByTestId('event-card')
    .filter({ has: page.locator('.badge--now') })
    .locator('.event-card__name')
    .allTextContents()

describe('events', () => {
  // One holder for the tests that need nothing of their own in the context (the others add
  // scripts to theirs): each starts on the bare home page, and the empty list comes last.
  const holder = suite.sharedSignedIn({ context: contextOptions })
  async function atHome(): Promise<{ context: BrowserContext; page: Page }> {
    const { page } = await holder()
    if (page.url() !== appUrl + '/') {
      await page.goto(appUrl + '/')
      await expectEventsHome(page)
    }
    return { context: page.context(), page }
  }

  it('shows all five statuses in their groups, active soonest first, past latest first', async () => {
    const { page } = await atHome()
    const errors = collectErrors(page)
    expect(await cardNames(page, 'Now and upcoming')).toEqual([
      'Wwworld Launch Night',
      'Tap-In Gallery Walk',
      'Midnight Market Pop-Up',
      'Summer Signal Festival',
    ])
    expect(await badges(page, 'Now and upcoming')).toEqual([
      'Active',
      'Active',
      'Pending approval',
      'Upcoming',
    ])
    // The two whose dates run through today (the demo's are relative to it) say so.
    expect(await happening(page, 'Now and upcoming')).toEqual([
      'Wwworld Launch Night',
      'Tap-In Gallery Walk',
    ])
    expect(await happening(page, 'Past')).toEqual([])
    expect(await cardNames(page, 'Past')).toEqual([
      'Rooftop Listening Party',
      'Genesis Card Drop',
      'Winter Warehouse Session',
    ])
    expect(await badges(page, 'Past')).toEqual(['Rejected', 'Ended', 'Ended'])
    const card = page.getByTestId('event-card').first()
    expect(await card.textContent()).toMatch(/Lisbon, Portugal/)
    const image = card.locator('img')
    expect(await image.getAttribute('loading')).toBe('lazy')
    await expect
      .poll(
        () => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        waitingFor('the first card’s image loaded'),
      )
      .toBe(true)
    expect(await page.getByTestId('events-age').textContent()).toMatch(/Updated now/)
    expect(errors).toEqual([])
  })

  it('opens an event from the list, copies its link, and goes back', async () => {
    // Where the browser has no share sheet (desktop Linux), the page offers to copy the link.
    const { context, page } = await signedIn((context) =>
      context.addInitScript(() => {
        delete (Navigator.prototype as Partial<Navigator>).share
      }),
    )
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: appUrl })
    await page.getByRole('link', { name: /Summer Signal Festival/ }).click()
    // POAP's own ids are numbers.
    const poapId = DEMO_TEMPLATES.find((template) => template.slug === 'summer-signal')?.poapId
    await page.waitForURL(appUrl + `/events/${poapId}`)
    await page.getByRole('heading', { name: 'Summer Signal Festival', level: 1 }).waitFor()
    expect(await page.locator('.event-detail .badge').textContent()).toBe('Upcoming')
    await page.getByText('Barcelona, Spain').waitFor()
    await page.getByText('Three days of sound by the sea.', { exact: false }).waitFor()
    const website = page.getByRole('link', { name: /Event website/ })
    expect(await website.getAttribute('href')).toBe('https://iyk.app/events/summer-signal')
    expect(await website.getAttribute('rel')).toBe('noopener noreferrer')

    await page.getByRole('button', { name: 'Copy link' }).click()
    await page.getByText('Link copied').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url())

    await page.goBack()
    await page.waitForURL(appUrl + '/')
    await expectEventsHome(page)
    await page.getByRole('link', { name: /Genesis Card Drop/ }).click()
    await page.getByRole('heading', { name: 'Genesis Card Drop', level: 1 }).waitFor()
    await page.getByRole('link', { name: 'Your events' }).click()
    await page.waitForURL(appUrl + '/')
    await expectEventsHome(page)
  })

  it('finds events by search and filter, kept in the URL across a reload, an event, Back and offline', async () => {
    const { context, page } = await atHome()
    const errors = collectErrors(page)
    const search = page.getByRole('searchbox', { name: 'Search your events' })
    const count = page.getByTestId('match-count')
    const allNames = async () => page.locator('.event-card__name').allTextContents()
    const urlHas = (part: string) =>
      expect
        .poll(() => new URL(page.url()).search, waitingFor(`the URL to hold ${part}`))
        .toContain(part)

    // Accents and case aside: "barcelona" in the place, "SIGNAL" in the name.
    await search.fill('BARCELONA')
    await expect
      .poll(allNames, waitingFor('the search to narrow the list'))
      .toEqual(['Summer Signal Festival'])
    expect(await count.textContent()).toBe('1 event matches')
    await urlHas('q=BARCELONA')

    await page.reload()
    await expect
      .poll(allNames, waitingFor('the reloaded list, still searched'))
      .toEqual(['Summer Signal Festival'])
    expect(await search.inputValue()).toBe('BARCELONA')

    // Into the event and back, by the browser and by the page's own link.
    await page.getByRole('link', { name: /Summer Signal Festival/ }).click()
    await page.getByRole('heading', { name: 'Summer Signal Festival', level: 1 }).waitFor()
    await page.goBack()
    await expect
      .poll(allNames, waitingFor('the list after Back'))
      .toEqual(['Summer Signal Festival'])
    await page.getByRole('link', { name: /Summer Signal Festival/ }).click()
    await page.getByRole('link', { name: 'Your events' }).click()
    await urlHas('q=BARCELONA')
    expect(await search.inputValue()).toBe('BARCELONA')

    // A filter, with its count, combined with no search.
    await search.fill('')
    await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Germany (1)' })
    await expect.poll(allNames, waitingFor('the country filter')).toEqual(['Tap-In Gallery Walk'])
    await urlHas('country=Germany')
    await expect.poll(() => new URL(page.url()).searchParams.has('q')).toBe(false)

    // Offline, the kept list is searched and filtered the same.
    await context.setOffline(true)
    await page.reload()
    await expect
      .poll(allNames, waitingFor('the offline list, filtered'))
      .toEqual(['Tap-In Gallery Walk'])
    await search.fill('zzz')
    await page.getByRole('heading', { name: 'No events match “zzz”' }).waitFor()
    await page.getByRole('button', { name: 'Show all events' }).click()
    await expect.poll(allNames, waitingFor('every event back')).toHaveLength(DEMO_TEMPLATES.length)
    await expect.poll(() => new URL(page.url()).search, waitingFor('a bare URL')).toBe('')
    expect(await search.inputValue()).toBe('')
    await context.setOffline(false)
    expect(errors).toEqual([])
  })

  it('opens an event by its address, shares it, and says when an address is unknown', async () => {
    const { context, page } = await signedIn()
    const href = await page.getByRole('link', { name: /Tap-In Gallery Walk/ }).getAttribute('href')
    // A share sheet that records what it was given.
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          ;(window as unknown as { shared: ShareData }).shared = data
          return Promise.resolve()
        },
      })
    })
    await page.goto(appUrl + href)
    await page.getByRole('heading', { name: 'Tap-In Gallery Walk', level: 1 }).waitFor()
    await page.getByRole('button', { name: 'Share' }).click()
    expect(await page.evaluate(() => (window as unknown as { shared: ShareData }).shared)).toEqual({
      title: 'Tap-In Gallery Walk',
      url: appUrl + href,
    })

    await page.goto(appUrl + '/events/no-such-event')
    await page.getByRole('heading', { name: 'Event not found', level: 1 }).waitFor()
    await page.getByRole('link', { name: 'Back to your events' }).click()
    await page.waitForURL(appUrl + '/')
    await expectEventsHome(page)
  })

  it('shows the empty state, and a placeholder for an image that fails', async () => {
    const { page } = await atHome()
    await serveEvents(page, [])
    await page.getByRole('heading', { name: 'No events yet' }).waitFor()
    expect(await page.getByRole('region', { name: 'Now and upcoming', exact: true }).count()).toBe(
      0,
    )
    expect(await page.getByRole('region', { name: 'Past', exact: true }).count()).toBe(0)

    await serveEvents(page, [
      {
        id: 'broken-image',
        name: 'Broken Image Night',
        description: null,
        imageUrl: `${cardsUrl}/images/not-there.png`,
        startDate: '2020-01-01T18:00:00.000Z',
        endDate: '2020-01-01T23:00:00.000Z',
        city: null,
        country: 'Portugal',
        eventUrl: null,
        status: 'expired',
      },
    ])
    await page.getByRole('heading', { name: 'Broken Image Night' }).waitFor()
    await page.getByTestId('event-image-fallback').waitFor()
    expect(await page.getByRole('region', { name: 'Now and upcoming', exact: true }).count()).toBe(
      0,
    )
  })
})

describe('account', () => {
  it('shows the email and version, switches the theme, and signs out to /', async () => {
    const { page, email } = await signedIn()
    const errors = collectErrors(page)
    await page.getByRole('link', { name: 'Account' }).click()
    await page.waitForURL(appUrl + '/account')
    await page.getByText(email).waitFor()
    expect(await page.getByTestId('app-version').textContent()).toMatch(/^\d+\.\d+\.\d+/)
    await page.getByRole('region', { name: 'Install' }).waitFor()

    const theme = () => page.evaluate(() => document.documentElement.dataset.theme)
    expect(await theme()).toBe('dark')
    const main = page.getByRole('main')
    await main.getByRole('button', { name: 'Switch to light theme' }).click()
    expect(await theme()).toBe('light')
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light')
    await main.getByRole('button', { name: 'Switch to dark theme' }).click()
    expect(await theme()).toBe('dark')

    await signOut(page)
    await page.getByRole('heading', { name: 'Your events, one tap away', level: 1 }).waitFor()
    expect(await readEngineState(page)).toMatchObject({ session: null, events: null })
    expect(errors).toEqual([])
  })
})
