/**
 * First paint needs no JavaScript bundle: the built page holds a prerendered frame of each first
 * screen, an inline script keeps the one the visit needs, and the app takes its place once its
 * first screen is ready. Here the bundles are held back to see what a phone paints before them.
 */
import { describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { browserSuite } from './support/browser-suite.ts'
import { collectErrors, contextOptions } from './support/browser.ts'
import { appUrl } from './support/test-stack.ts'
import { scaled, waitingFor } from './support/deadline.ts'

const suite = browserSuite()

const TAP = '/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'

/** A context whose script bundles never arrive: only the page itself and its inline scripts run. */
async function withoutBundles(): Promise<BrowserContext> {
  const context = await suite.newContext({ ...contextOptions, serviceWorkers: 'block' })
  await context.route(/\/assets\/.+\.js$/, (route) => route.abort())
  return context
}

/** The frames left in the page once it has parsed. */
const framesOf = (page: Page) =>
  page.$$eval('[data-shell-frame]', (frames) =>
    frames.map((frame) => frame.getAttribute('data-shell-frame')),
  )

describe('first paint without the bundle', () => {
  it.each([
    ['/', 'landing', 'Your events, one tap away'],
    ['/auth/email', 'sign-in', 'Sign in'],
    [TAP, 'tap-anonymous', 'Card tap'],
    ['/account', 'blank', null],
  ])('%s paints the %s frame', async (path, frame, heading) => {
    const context = await withoutBundles()
    const page = await context.newPage()
    const errors = collectErrors(page)
    await page.goto(appUrl + path)
    expect(await framesOf(page)).toEqual([frame])
    if (heading) {
      await expect
        .poll(
          () => page.getByRole('heading', { name: heading, level: 1 }).isVisible(),
          waitingFor('the live app’s heading'),
        )
        .toBe(true)
    }
    await expect
      .poll(() => page.getByRole('banner').isVisible(), waitingFor('the live app’s banner'))
      .toBe(true)
    // The frame scripts ran under the page's policy: no refusal, nothing but the held bundles.
    expect(errors.filter((error) => !/assets\/.+\.js|ERR_FAILED/.test(error))).toEqual([])
  })

  it('asks a visitor at a card tap to sign in, with a link that already brings them back to it', async () => {
    const context = await withoutBundles()
    const page = await context.newPage()
    await page.goto(appUrl + TAP)
    expect(await framesOf(page)).toEqual(['tap-anonymous'])
    const link = page.getByRole('link', { name: 'Sign in to collect' })
    expect(await link.getAttribute('href')).toBe('/auth/email?redirect=' + encodeURIComponent(TAP))
    // A plain link: it works before any script of the app has arrived.
    await link.click()
    await page.waitForURL(appUrl + '/auth/email?redirect=' + encodeURIComponent(TAP))
  })

  it('shows a signed-in holder at a card tap the space of its answer, not an invitation', async () => {
    const context = await withoutBundles()
    await context.addInitScript(() => localStorage.setItem('signin-event', String(Date.now())))
    const page = await context.newPage()
    await page.goto(appUrl + TAP)
    expect(await framesOf(page)).toEqual(['tap'])
    expect(await page.getByRole('link', { name: 'Sign in to collect' }).count()).toBe(0)
  })

  it('shows a signed-in holder the skeleton of their list, not the landing page', async () => {
    const context = await withoutBundles()
    await context.addInitScript(() => localStorage.setItem('signin-event', String(Date.now())))
    const page = await context.newPage()
    await page.goto(appUrl + '/')
    expect(await framesOf(page)).toEqual(['list'])
    await expect
      .poll(
        () => page.getByRole('heading', { name: 'Your events', level: 1 }).isVisible(),
        waitingFor('the heading “Your events” from the frame'),
      )
      .toBe(true)
    expect(await page.getByRole('status', { name: 'Loading your events' }).isVisible()).toBe(true)
  })

  it('animates the list skeleton on the compositor alone, not by repainting while the app starts', async () => {
    const context = await withoutBundles()
    await context.addInitScript(() => localStorage.setItem('signin-event', String(Date.now())))
    const page = await context.newPage()
    await page.goto(appUrl + '/')
    await page.getByRole('status', { name: 'Loading your events' }).waitFor()
    const animated = await page.evaluate(() =>
      document.getAnimations().map((animation) => {
        const effect = animation.effect as KeyframeEffect
        const keys = effect.getKeyframes().flatMap((frame) => Object.keys(frame))
        return [...new Set(keys)].filter(
          (key) => !['offset', 'easing', 'composite', 'computedOffset'].includes(key),
        )
      }),
    )
    // The skeleton's cards shimmer, by transform (or opacity) only.
    expect(animated.length).toBeGreaterThanOrEqual(3)
    for (const properties of animated) {
      expect(
        properties.every((property) => property === 'transform' || property === 'opacity'),
      ).toBe(true)
    }
  })

  it("sets every control in the page's own font, not the browser's control font", async () => {
    const context = await withoutBundles()
    const page = await context.newPage()
    await page.goto(appUrl + '/auth/email')
    const fonts = await page.evaluate(() => ({
      page: getComputedStyle(document.body).fontFamily,
      controls: [...document.querySelectorAll('button, input')].map(
        (control) => getComputedStyle(control).fontFamily,
      ),
    }))
    expect(fonts.page).toMatch(/^system-ui/)
    expect(fonts.controls.length).toBeGreaterThanOrEqual(3)
    expect(new Set(fonts.controls)).toEqual(new Set([fonts.page]))
  })

  it('keeps the landing frame after a sign-out', async () => {
    const context = await withoutBundles()
    await context.addInitScript(() => {
      localStorage.setItem('signin-event', '1000')
      localStorage.setItem('signout-event', '2000')
    })
    const page = await context.newPage()
    await page.goto(appUrl + '/')
    expect(await framesOf(page)).toEqual(['landing'])
  })

  it('leaves nothing typeable, so nothing typed is lost, while links already work', async () => {
    const context = await withoutBundles()
    const page = await context.newPage()
    await page.goto(appUrl + '/auth/email')
    expect(await page.getByLabel('Email').isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Send code' }).isDisabled()).toBe(true)
    await page.getByRole('link', { name: 'IYK Cards home' }).click()
    await page.waitForURL(appUrl + '/')
    expect(await framesOf(page)).toEqual(['landing'])
  })

  it('paints only the landing page when no script runs at all', async () => {
    const context = await suite.newContext({ ...contextOptions, javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(appUrl + '/')
    const visible = await page
      .locator('[data-shell-frame]')
      .evaluateAll((frames) =>
        frames
          .filter((frame) => getComputedStyle(frame).display !== 'none')
          .map((frame) => frame.getAttribute('data-shell-frame')),
      )
    expect(visible).toEqual(['landing'])
  })
})

describe('the bundles wait for the first paint', () => {
  it('are preloaded at low priority and run by the start script, never by the parser', async () => {
    const html = await (await fetch(appUrl + '/')).text()
    expect(html).not.toMatch(/<script[^>]+type="module"/)
    const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? []
    expect(preloads.length).toBeGreaterThan(0)
    for (const preload of preloads) expect(preload).toContain('fetchpriority="low"')
    // The start script runs the entry script, which is preloaded. Its last arguments are the
    // list of scripts and the name of its Trusted Types policy (build/app-start.ts).
    const start =
      /<script>\(function startAfterFirstPaint\([^<]+,(\[[^\]]*\]),"iyk-boot"\)<\/script>/.exec(
        html,
      )
    const started = JSON.parse(start?.[1] ?? '[]') as string[]
    expect(started.length).toBeGreaterThan(0)
    for (const src of started) expect(html).toContain(`href="${src}"`)
  })
})

describe('the app takes over', () => {
  it.each(['/', '/auth/email', TAP])('%s: the frame gives way to the live app', async (path) => {
    const context = await suite.newContext(contextOptions)
    const page = await context.newPage()
    const errors = collectErrors(page)
    await page.goto(appUrl + path)
    // The app starts once the frame has painted (after the load event): it takes over when its
    // first screen is ready, within its patience of 5 s.
    await expect
      .poll(() => page.locator('#shell').count(), {
        message: 'the first-paint frame replaced by the app',
        timeout: scaled(10_000),
      })
      .toBe(0)
    expect(await page.locator('#root').isVisible()).toBe(true)
    expect(await page.locator('main').count()).toBe(1)
    await expect
      .poll(
        () => page.locator('main h1').first().isVisible(),
        waitingFor('the live app’s main heading'),
      )
      .toBe(true)
    if (path === '/auth/email') expect(await page.getByLabel('Email').isEnabled()).toBe(true)
    expect(errors).toEqual([])
  })

  it('a first visit registers the worker only once the live app is on the page', async () => {
    const context = await suite.newContext(contextOptions)
    // Notes, when the page registers its worker, whether the first-paint frame is still there.
    await context.addInitScript(() => {
      const container = navigator.serviceWorker
      const register = container.register.bind(container)
      container.register = (...args: Parameters<ServiceWorkerContainer['register']>) => {
        const seen = (window as { frameAtRegister?: boolean[] }).frameAtRegister ?? []
        seen.push(document.getElementById('shell') !== null)
        ;(window as { frameAtRegister?: boolean[] }).frameAtRegister = seen
        return register(...args)
      }
    })
    const page = await context.newPage()
    await page.goto(appUrl + '/')
    // Registered all the same, and active soon after.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const active = (await navigator.serviceWorker.getRegistration())?.active
            return active ? { scriptURL: active.scriptURL, state: active.state } : null
          }),
        { message: 'the worker registered and active', timeout: scaled(15_000) },
      )
      .toEqual({ scriptURL: appUrl + '/sw.js', state: 'activated' })
    const seen = await page.evaluate(
      () => (window as { frameAtRegister?: boolean[] }).frameAtRegister ?? [],
    )
    expect(seen).toEqual([false])
  })
})
