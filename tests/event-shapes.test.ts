/**
 * Event data as the real cards backend may send it, in real Chromium: POAP's own snake_case shape
 * (the stand-in's default), the camelCase shape, and a mixed list with broken entries. Every usable
 * event shows with its status in words; what could not be used is reported once, without names.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { DEMO_TEMPLATES } from '../dev/cards/demo-events.ts'
import { collectErrors, contextOptions } from './support/browser.ts'
import { browserSuite } from './support/browser-suite.ts'
import { armFault, newEmail } from './support/stack.ts'
import { sinkUrl } from './support/test-stack.ts'
import { scaled } from './support/deadline.ts'

/** The status words the app shows for the five statuses it knows. */
const KNOWN_WORDS = ['Active', 'Pending approval', 'Upcoming', 'Ended', 'Rejected']

const suite = browserSuite(async () => {
  await fetch(`${sinkUrl}/_dev/reports`, { method: 'DELETE' })
})

/** Signs in as a new holder whose address picks the stand-in's list (`+camel`, `+mixed`). */
async function signedInAs(label: string): Promise<Page> {
  const { page } = await suite.signedIn({ context: contextOptions, email: newEmail(label) })
  return page
}

/** Every card on the home screen: its name, status badge and dates line. */
async function cards(page: Page) {
  return page.getByTestId('event-card').evaluateAll((elements) =>
    elements.map((element) => ({
      name: element.querySelector('.event-card__name')?.textContent ?? '',
      badge: element.querySelector('.badge:not(.badge--now)')?.textContent ?? '',
      text: element.textContent ?? '',
    })),
  )
}

/** Error events the sink received whose tags hold `op` (`poap-events-data`: about the event data). */
async function reportsTagged(op: string): Promise<Record<string, unknown>[]> {
  const response = await fetch(`${sinkUrl}/_dev/reports`)
  const { reports } = (await response.json()) as {
    reports: { items: { type: string; payload: Record<string, unknown> }[] }[]
  }
  return reports
    .flatMap((report) => report.items.filter((item) => item.type === 'event'))
    .map((item) => item.payload)
    .filter((event) => JSON.stringify(event.tags ?? {}).includes(`"op":"${op}"`))
}

const dataReports = () => reportsTagged('poap-events-data')

describe('event shapes', () => {
  it("POAP's own shape: every event, its status in words, DD-Mon-YYYY dates shown as dates", async () => {
    const page = await signedInAs('poap')
    const errors = collectErrors(page)
    const shown = await cards(page)
    expect(shown.map((card) => card.name).sort()).toEqual(
      DEMO_TEMPLATES.map((template) => template.name).sort(),
    )
    for (const card of shown) {
      expect(KNOWN_WORDS).toContain(card.badge)
      // A calendar date with its year, never "Invalid Date" or the raw `16-Sep-2022` form.
      expect(card.text).toMatch(/\d{4}/)
      expect(card.text).not.toMatch(/Invalid|[0-9]{2}-[A-Z][a-z]{2}-[0-9]{4}/)
    }
    // A POAP entry with "" for its place shows no stray comma.
    expect(shown.some((card) => card.text.includes(', ,'))).toBe(false)
    expect(errors).toEqual([])
  })

  it('the camelCase shape: every event in its group with its status in words', async () => {
    const page = await signedInAs('holder+camel')
    const shown = await cards(page)
    expect(shown.map((card) => card.name).sort()).toEqual(
      DEMO_TEMPLATES.map((template) => template.name).sort(),
    )
    for (const card of shown) expect(KNOWN_WORDS).toContain(card.badge)
  })

  it('a mixed list: every usable entry shows, an unknown status neutrally, and it is reported once', async () => {
    const page = await signedInAs('holder+mixed')
    const shown = await cards(page)
    const names = shown.map((card) => card.name)
    // Eight entries: one without an id is left out; a name that is not text falls back to the
    // event's slug; an unreadable start date still leaves the event on the list.
    expect(shown).toHaveLength(7)
    for (const name of [
      'Wwworld Launch Night',
      'Summer Signal Festival',
      'Genesis Card Drop',
      'Rooftop Listening Party',
      'Midnight Market Pop-Up',
      'Tap-In Gallery Walk',
    ]) {
      expect(names).toContain(name)
    }
    expect(names.some((name) => /^Warehouse session/.test(name))).toBe(true)
    const claimed = shown.find((card) => card.name === 'Rooftop Listening Party')
    expect(claimed?.badge).toBe('Claimed')
    expect(await page.locator('.badge--other').count()).toBe(1)

    await expect
      .poll(async () => (await dataReports()).length, {
        message: 'one report of the unreadable entries',
        timeout: scaled(20_000),
      })
      .toBe(1)
    const [report] = await dataReports()
    expect(report?.tags).toMatchObject({ dropped: 1, unknownStatuses: 'claimed' })
    expect(JSON.stringify(report)).not.toMatch(/Rooftop|Gallery|Lisbon|Warehouse/)

    // The same problems on the next fetch are not reported again.
    await page.getByRole('button', { name: 'Refresh' }).click()
    await page.getByRole('button', { name: 'Refresh' }).and(page.locator(':enabled')).waitFor()
    // A later report along the same way (worker, tab, sink), asked for only now: once it is in,
    // a second report of the data made by the refresh above would be in too.
    await armFault('cards', { route: '/api/poap-events', count: 1, mode: 'error', status: 503 })
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect
      .poll(async () => (await reportsTagged('poap-events')).length > 0, {
        message: 'a report tagged poap-events',
        timeout: scaled(20_000),
      })
      .toBe(true)
    expect(await dataReports()).toHaveLength(1)
  })
})
