/**
 * `npm run bench:long-list`: how long a holder with a long event list waits for the first screen
 * of cards, on the production build beside the local stack in Chromium. For 1,000 and 5,000
 * entries (5,000 is cut to the newest 1,000 by the worker), RUNS runs each (5 unless set) of
 * pressing Refresh with a changed list and of reloading the page, then one answer over the body
 * limit (refused: the last list stays). Prints ms per run and medians; asserts nothing.
 *
 * "First screen" is the first frame after the top card of the new list is in the page: timed in
 * the page from the click (performance.now) or from the reload's navigation start.
 *
 * Then, with 1,000 events and the CPU 4× slower (the phone profile of `bench:journeys`), the
 * search and a filter: from a keystroke in the search box (its `keydown`) and from choosing a
 * year (its `change`) to the first frame after the results changed on screen (the count above
 * the list, rendered with the list).
 */
import { chromium, type Page } from 'playwright-core'
import { MAX_EVENTS, MAX_EVENTS_BODY_BYTES } from '../../src/core/constants.ts'
import { CHROMIUM_PATH, contextOptions, LAUNCH_ARGS } from '../../tests/support/browser.ts'
import { waitForServiceWorker } from '../../tests/support/browser.ts'
import { nativeDemoEvents } from '../cards/demo-events.ts'
import type { Stack } from '../stack.ts'
import { median, startBenchApp } from './bench-app.ts'
import { signInWithEmailCode } from './sign-in.ts'

const PORTS = { app: 25173, provider: 25787, cards: 25788, sink: 25789 }
const RUNS = Number(process.env.RUNS ?? 5)
const SIZES = [1_000, 5_000]
const DAY_MS = 86_400_000
/** How long one wait may take before the bench gives up and says what it waited for. */
const DEADLINE_MS = 60_000

/**
 * `count` POAP-shaped events, one a day back from today (the demo set's statuses, places and
 * images, so some are current and most past); `tag` in every name tells this list from the last.
 */
function longList(count: number, tag: string, imageBase: string): unknown[] {
  const now = Date.now()
  const templates = nativeDemoEvents(now, imageBase)
  return Array.from({ length: count }, (_, i) => {
    const template = templates[i % templates.length]!
    const start = new Date(now - i * DAY_MS)
    const day = `${start.getUTCDate()}-${start.toLocaleString('en', { month: 'short', timeZone: 'UTC' })}-${start.getUTCFullYear()}`
    return {
      ...template,
      id: 100_000 + i,
      fancy_id: `bench-${i}`,
      name: `${template.name} ${i} ${tag}`,
      description: 'Bench event.',
      start_date: day,
      end_date: day,
      expiry_date: day,
      year: start.getUTCFullYear(),
    }
  })
}

/** The signed-in holder's user id, from the worker's record in IndexedDB. */
function userIdOf(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('iyk-cards')
        open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'))
        open.onsuccess = () => {
          const request = open.result.transaction('kv').objectStore('kv').get('session-engine')
          request.onerror = () => reject(request.error ?? new Error('read failed'))
          request.onsuccess = () => {
            const state = request.result as { session?: { userId?: string } } | undefined
            const id = state?.session?.userId
            if (id) resolve(id)
            else reject(new Error('No session in the engine record'))
          }
        }
      }),
  )
}

/** Serves `events` to the holder from the cards stand-in; returns the body's size in bytes. */
async function serve(stack: Stack, userId: string, events: unknown[]): Promise<number> {
  const response = await fetch(`${stack.cards.url}/_dev/events`, {
    method: 'PUT',
    body: JSON.stringify({ userId, events }),
  })
  if (!response.ok) throw new Error(`PUT /_dev/events: HTTP ${response.status}`)
  return Buffer.byteLength(JSON.stringify({ data: events }))
}

/**
 * Runs in the page: resolves with performance.now() (ms since the navigation started) when this
 * began and at the first frame after a card whose name ends with `tag` is in the page (rejecting
 * after `deadline` ms); `click` presses Refresh first.
 */
function firstScreenIn(
  page: Page,
  tag: string,
  click: boolean,
): Promise<{ start: number; shown: number }> {
  return page.evaluate(
    ({ tag, click, deadline }) =>
      new Promise<{ start: number; shown: number }>((resolve, reject) => {
        const start = performance.now()
        const shown = () =>
          [...document.querySelectorAll('.event-card__name')].some((name) =>
            name.textContent?.endsWith(tag),
          )
        const done = () => {
          observer.disconnect()
          clearTimeout(timer)
          // The frame that shows it: after the next animation frame, once it has painted.
          requestAnimationFrame(() =>
            setTimeout(() => resolve({ start, shown: performance.now() }), 0),
          )
        }
        const observer = new MutationObserver(() => {
          if (shown()) done()
        })
        const timer = setTimeout(() => {
          observer.disconnect()
          reject(new Error(`No card tagged ${tag} within ${deadline} ms`))
        }, deadline)
        observer.observe(document, { subtree: true, childList: true, characterData: true })
        if (click) {
          const button = [...document.querySelectorAll('button')].find(
            (b) => b.textContent === 'Refresh',
          )
          if (!button) return reject(new Error('No Refresh button'))
          button.click()
        } else if (shown()) done()
      }),
    { tag, click, deadline: DEADLINE_MS },
  )
}

/** From pressing Refresh (a new list on the stand-in) to its first screen. */
async function timeRefresh(page: Page, stack: Stack, userId: string, size: number, tag: string) {
  await serve(stack, userId, longList(size, tag, stack.cards.url))
  // The button is disabled while a refresh runs: start from a settled screen.
  await page.getByRole('button', { name: 'Refresh', exact: true }).waitFor()
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('button')].some(
        (b) => b.textContent === 'Refresh' && !b.disabled,
      ),
    undefined,
    { timeout: DEADLINE_MS },
  )
  const { start, shown } = await firstScreenIn(page, tag, true)
  return shown - start
}

/** From a reload's navigation start to the first screen of the cached list tagged `tag`. */
async function timeReload(page: Page, tag: string): Promise<number> {
  await page.reload({ waitUntil: 'commit' })
  // Measured from the navigation's start (the page's time origin), whenever this evaluate begins.
  return (await firstScreenIn(page, tag, false)).shown
}

/** Cards the page says it holds: the "N of M shown" totals, or the cards when all are shown. */
async function listLength(page: Page): Promise<number> {
  let total = 0
  for (const group of await page.locator('.event-group').all()) {
    const more = group.locator('.event-group__more p')
    total +=
      (await more.count()) > 0
        ? Number((await more.textContent())?.replace(/,/g, '').match(/of (\d+)/)?.[1] ?? NaN)
        : await group.locator('.event-card').count()
  }
  return total
}

/** The CPU slowdown of the phone profile (`bench:journeys`, Lighthouse's mobile setting). */
const PHONE_CPU_SLOWDOWN = 4
const COUNT = '[data-testid="match-count"]'
/** Rounds of seven letters typed and cleared (about half the runs of the rest). */
const SEARCH_ROUNDS = Math.max(1, Math.ceil(RUNS / 2))
const SEARCH_BOX = 'input[type="search"]'

/**
 * Ms from the first `trigger` event on `selector` to the first frame after the result count
 * changed, with `act` (a real key press or choice, from outside the page) in between.
 */
async function timeToResults(
  page: Page,
  selector: string,
  trigger: 'keydown' | 'change',
  act: () => Promise<void>,
): Promise<number> {
  await page.evaluate(
    ({ selector, trigger, count, deadline }) => {
      const field = document.querySelector(selector)
      const shown = document.querySelector(count)
      if (!field || !shown) throw new Error(`No ${selector} or no result count on the page`)
      const before = shown.textContent
      const page = window as unknown as { resultsIn?: Promise<number> }
      page.resultsIn = new Promise<number>((resolve, reject) => {
        let start: number | null = null
        field.addEventListener(trigger, (event) => (start ??= event.timeStamp), { capture: true })
        const timer = setTimeout(() => {
          observer.disconnect()
          reject(new Error(`The results did not change within ${deadline} ms`))
        }, deadline)
        const observer = new MutationObserver(() => {
          if (shown.textContent === before || start === null) return
          observer.disconnect()
          clearTimeout(timer)
          const from = start
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - from), 0))
        })
        observer.observe(shown, { subtree: true, childList: true, characterData: true })
      })
    },
    { selector, trigger, count: COUNT, deadline: DEADLINE_MS },
  )
  await act()
  return page.evaluate(() => (window as unknown as { resultsIn: Promise<number> }).resultsIn)
}

/**
 * With 1,000 events on a phone's CPU: each letter typed into an empty box and each clear of it
 * (the whole list back), then each year chosen and "All" again. Prints ms per run and medians.
 */
async function timeSearchAndFilter(page: Page, stack: Stack, userId: string, tag: string) {
  await timeRefresh(page, stack, userId, 1_000, tag)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN })
  try {
    const box = page.locator(SEARCH_BOX)
    const typed: number[] = []
    const cleared: number[] = []
    // A holder reaches the box a moment after the list is up: the page has been idle.
    await page.evaluate(
      () => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5_000 })),
    )
    const letters = Array.from({ length: SEARCH_ROUNDS }, () => [...'lbmtzgw']).flat()
    for (const letter of letters) {
      await box.focus()
      typed.push(
        await timeToResults(page, SEARCH_BOX, 'keydown', () => page.keyboard.press(letter)),
      )
      cleared.push(
        await timeToResults(page, SEARCH_BOX, 'keydown', () => page.keyboard.press('Backspace')),
      )
    }
    const year = page.getByRole('combobox', { name: 'Year' })
    const years = (
      await year
        .locator('option')
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))
    ).filter(Boolean)
    const chosen: number[] = []
    const all: number[] = []
    for (const value of years) {
      const select = `select:has(option[value="${value}"])`
      chosen.push(
        await timeToResults(page, select, 'change', () => year.selectOption(value).then(() => {})),
      )
      all.push(
        await timeToResults(page, select, 'change', () => year.selectOption('').then(() => {})),
      )
    }
    console.log(
      `\nSearch and filter over 1,000 events, CPU ${PHONE_CPU_SLOWDOWN}× slower: ms from the ` +
        'input to the first frame with the results on screen (each run | median)',
    )
    console.log('input | each run | median')
    console.log('--- | --- | ---')
    console.log(`a letter typed into the empty box | ${ms(typed)} | ${Math.round(median(typed))}`)
    console.log(
      `the box cleared (every event back) | ${ms(cleared)} | ${Math.round(median(cleared))}`,
    )
    console.log(
      `a year chosen (${years.join(', ')}) | ${ms(chosen)} | ${Math.round(median(chosen))}`,
    )
    console.log(`"All" years again | ${ms(all)} | ${Math.round(median(all))}`)
    console.log('Target: within 50 ms of a keystroke.')
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  }
}

const ms = (values: number[]) => values.map((value) => `${Math.round(value)}`).join(' ')
const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`

async function main(): Promise<void> {
  const bench = await startBenchApp('long-list', PORTS)
  const { appUrl, stack } = bench
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: LAUNCH_ARGS })
  try {
    const context = await browser.newContext(contextOptions)
    // tsx keeps function names with an `__name` helper the page's copy of a function lacks.
    await context.addInitScript({ content: 'globalThis.__name = (fn) => fn' })
    const page = await context.newPage()
    await page.goto(appUrl)
    await waitForServiceWorker(page)
    await signInWithEmailCode(page, appUrl, stack.provider.url)
    const userId = await userIdOf(page)

    console.log(
      `\nFirst screen of cards, ms (${RUNS} runs each, median), Chromium headless, ` +
        `${contextOptions.viewport?.width}×${contextOptions.viewport?.height}; the worker keeps ` +
        `${MAX_EVENTS} events and refuses a body over ${mb(MAX_EVENTS_BODY_BYTES)}`,
    )
    console.log(
      'entries | body | kept | after Refresh, each run | median | after reload, each run | median',
    )
    console.log('--- | --- | --- | --- | --- | --- | ---')
    let run = 0
    for (const size of SIZES) {
      const body = Buffer.byteLength(
        JSON.stringify({ data: longList(size, 'r0000', stack.cards.url) }),
      )
      // One refresh first, so each timed one replaces a list of the same length.
      await timeRefresh(page, stack, userId, size, `r${run++}`)
      const refreshes: number[] = []
      const reloads: number[] = []
      for (let i = 0; i < RUNS; i += 1) {
        const tag = `r${run++}`
        refreshes.push(await timeRefresh(page, stack, userId, size, tag))
        reloads.push(await timeReload(page, tag))
      }
      const kept = await listLength(page)
      console.log(
        [
          size,
          mb(body),
          kept,
          ms(refreshes),
          Math.round(median(refreshes)),
          ms(reloads),
          Math.round(median(reloads)),
        ].join(' | '),
      )
    }

    await timeSearchAndFilter(page, stack, userId, `r${run++}`)

    // An answer over the limit: refused, the last list and a message stay on screen.
    const huge = longList(12_000, `r${run++}`, stack.cards.url)
    const hugeBytes = await serve(stack, userId, huge)
    const started = Date.now()
    await page.getByRole('button', { name: 'Refresh', exact: true }).click()
    const alert = page.getByRole('alert')
    await alert.waitFor({ timeout: DEADLINE_MS })
    console.log(
      `\n${huge.length} entries (${mb(hugeBytes)}): refused in ${Date.now() - started} ms; ` +
        `the page says "${(await alert.textContent())?.trim()}" and still lists ${await listLength(page)}.`,
    )
    console.log('\nTarget: first screen within 1000 ms after Refresh with 1,000 entries.')
  } finally {
    await browser.close()
    await bench.close()
  }
}

await main()
