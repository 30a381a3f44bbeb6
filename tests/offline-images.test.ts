/**
 * Offline event images (issue 11 §4) in real Chromium: the worker keeps the list's artwork, so
 * with the image host unreachable the list still shows every picture; without the kept copies it
 * would show placeholders; sign-out deletes them.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browserSuite } from './support/browser-suite.ts'
import {
  armFault,
  cachedEvents,
  expectEventsHome,
  putHolderEvents,
  readEngineState,
  resetStack,
} from './support/stack.ts'
import { signOut } from './support/holder.ts'
import { scaled, waitingFor } from './support/deadline.ts'

const IMAGE_CACHE = 'iyk-cards-images'

const suite = browserSuite()

/** The image addresses of the list the engine keeps. */
async function listImages(page: Page): Promise<string[]> {
  const state = await readEngineState(page)
  const events = (state?.events as { events: { imageUrl: string | null }[] }).events
  return events.flatMap((event) => (event.imageUrl ? [event.imageUrl] : []))
}

const keptImages = (page: Page) =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return []
    return (await (await caches.open(name)).keys()).map((request) => request.url)
  }, IMAGE_CACHE)

/** Event images on the page that loaded, and placeholders shown instead of one. */
const shownImages = (page: Page) =>
  page.evaluate(() => ({
    loaded: [...document.querySelectorAll<HTMLImageElement>('[data-testid="event-card"] img')]
      .filter((img) => img.complete && img.naturalWidth > 0)
      .map((img) => img.currentSrc),
    placeholders: document.querySelectorAll(
      '[data-testid="event-card"] [data-testid="event-image-fallback"]',
    ).length,
  }))

describe('event images', () => {
  it('are kept by the worker and shown when their host cannot be reached; sign-out deletes them', async () => {
    const { context, page } = await suite.signedIn()
    const images = await listImages(page)
    expect(images.length).toBeGreaterThan(0)
    await expect
      .poll(
        async () => (await keptImages(page)).sort(),
        waitingFor('every image of the list kept for offline'),
      )
      .toEqual([...images].sort())
    // Events without artwork always show a placeholder.
    const withoutImage = (await page.getByTestId('event-card').count()) - images.length

    // The image host is down from now on (as on lie-fi, or offline): only kept copies can show.
    for (const image of images) {
      await armFault('cards', {
        route: new URL(image).pathname,
        mode: 'error',
        status: 503,
        count: 1000,
      })
    }
    // Nor may the browser's HTTP cache stand in for the worker's copies.
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.clearBrowserCache')
    await page.reload()
    await expectEventsHome(page)
    await expect
      .poll(async () => (await shownImages(page)).loaded.sort(), {
        message: 'every image shown from the kept copies',
        timeout: scaled(10_000),
      })
      .toEqual([...images].sort())
    expect((await shownImages(page)).placeholders).toBe(withoutImage)

    // Without the kept copies, the same page shows placeholders: the cache is what served them.
    await page.evaluate((name) => caches.delete(name), IMAGE_CACHE)
    await cdp.send('Network.clearBrowserCache')
    await page.reload()
    await expectEventsHome(page)
    await expect
      .poll(
        async () => (await shownImages(page)).placeholders,
        waitingFor('a placeholder for every image'),
      )
      .toBe(images.length + withoutImage)

    // The host is back: the next list brings the copies back; then they go with the session.
    await resetStack() // clears the faults
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect
      .poll(
        async () => (await keptImages(page)).sort(),
        waitingFor('every image kept again after Refresh'),
      )
      .toEqual([...images].sort())
    await signOut(page)
    await expect
      .poll(
        () => page.evaluate((name) => caches.has(name), IMAGE_CACHE),
        waitingFor('the image cache deleted at sign-out'),
      )
      .toBe(false)
  })

  it('sign-out deletes them at once, even while a list is still downloading its images', async () => {
    const { context, page } = await suite.signedIn()
    const images = await listImages(page)
    await expect
      .poll(
        async () => (await keptImages(page)).length,
        waitingFor('every image of the list kept for offline'),
      )
      .toBe(images.length)
    // The image host takes calls and never answers: each download waits out its own deadline
    // (the browser's HTTP cache may not answer for it either).
    for (const image of images) {
      await armFault('cards', { route: new URL(image).pathname, mode: 'hang', count: 1000 })
    }
    await (await context.newCDPSession(page)).send('Network.clearBrowserCache')
    await page.evaluate((name) => caches.delete(name), IMAGE_CACHE)
    await page.getByRole('button', { name: 'Refresh' }).click()
    // The worker is downloading the list's images again (its cache exists once more).
    await expect
      .poll(
        () => page.evaluate((name) => caches.has(name), IMAGE_CACHE),
        waitingFor('the image cache made again by Refresh'),
      )
      .toBe(true)

    await signOut(page)
    // Well within one download's deadline (8 s), let alone one per image.
    await expect
      .poll(() => page.evaluate((name) => caches.has(name), IMAGE_CACHE), {
        message: 'the image cache made by the refresh',
        timeout: scaled(4000),
      })
      .toBe(false)
    await resetStack()
  })

  it('load only from the configured origins: an event naming another host shows a placeholder', async () => {
    const requested: string[] = []
    const { page } = await suite.signedIn({
      prepare: async (context) =>
        context.on('request', (request) => {
          if (request.url().includes('tracker.example')) requested.push(request.url())
        }),
    })
    const cached = await cachedEvents(page)
    const foreign = {
      ...cached[0],
      id: 'foreign-image',
      name: 'Foreign image',
      imageUrl: 'https://tracker.example/pixel.png',
    }
    await putHolderEvents(page, [foreign])
    await page.getByRole('button', { name: 'Refresh' }).click()
    const card = page.getByTestId('event-card').filter({ hasText: 'Foreign image' })
    await card.getByTestId('event-image-fallback').waitFor()
    expect(requested).toEqual([])
  })
})
