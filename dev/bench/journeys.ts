/**
 * `npm run bench:journeys`: how long a holder waits on a mid-range phone, on the production build
 * beside the local stack in Chromium, throttled as Lighthouse's mobile preset does with DevTools
 * throttling (CPU 4× slower; 562.5 ms request latency, 1,474.56 Kbps down, 675 Kbps up: its
 * "slow 4G" adjusted for DevTools). Two journeys of a signed-in holder, each with the service
 * worker warm (a page woke it just before) and stopped (as the browser stops an idle one):
 * - tap: from opening a card's tap link to the tap's outcome on screen (the refresh's answer:
 *   "Nothing new yet." or the new events);
 * - open: from opening the installed app to the first card of the list on screen.
 * RUNS runs each (5 unless set); prints each run and the median, from the navigation's start.
 * Prints figures; asserts nothing.
 *
 * The throttling applies to the page (its CPU and its own requests); the worker's calls to the
 * provider and the cards API go at the machine's speed, as DevTools does not throttle a worker.
 */
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core'
import { CHROMIUM_PATH, LAUNCH_ARGS, waitForServiceWorker } from '../../tests/support/browser.ts'
import { median, startBenchApp } from './bench-app.ts'
import { signInWithEmailCode } from './sign-in.ts'

const PORTS = { app: 26173, provider: 26787, cards: 26788, sink: 26789 }
const RUNS = Number(process.env.RUNS ?? 5)
/** How long one journey may take before the bench gives up and says what it waited for. */
const DEADLINE_MS = 60_000

/** Lighthouse's mobile settings with DevTools throttling (its `throttling.mobileSlow4G`). */
const MOBILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  cpuSlowdown: 4,
  latencyMs: 562.5,
  downloadKbps: 1474.56,
  uploadKbps: 675,
}

/** What a journey waits for on screen. */
const OUTCOME = {
  tap: '[data-testid="tap-new-events"]',
  open: '.event-card',
} as const
type Journey = keyof typeof OUTCOME

/**
 * Runs in every page before its scripts: notes performance.now() (ms from the navigation's
 * start) at the first frame after an element matching the page's `outcome` query is in the
 * document, or "Nothing new yet." is. A string, so the page gets it as written.
 */
const NOTE_OUTCOME = `(() => {
  const query = new URLSearchParams(location.search).has('uid') ? ${JSON.stringify(OUTCOME.tap)} : ${JSON.stringify(OUTCOME.open)}
  const shown = () => document.querySelector(query) !== null ||
    (query === ${JSON.stringify(OUTCOME.tap)} && (document.body?.textContent ?? '').includes('Nothing new yet.'))
  const observer = new MutationObserver(() => {
    if (!shown()) return
    observer.disconnect()
    requestAnimationFrame(() => setTimeout(() => { window.__outcomeAt = performance.now() }, 0))
  })
  observer.observe(document, { subtree: true, childList: true, characterData: true })
})()`

/** A new page of `context`, throttled as a mid-range phone before it loads anything. */
async function throttledPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuSlowdown })
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: MOBILE.latencyMs,
    downloadThroughput: (MOBILE.downloadKbps * 1024) / 8,
    uploadThroughput: (MOBILE.uploadKbps * 1024) / 8,
  })
  return page
}

/**
 * Stops every service worker through the DevTools protocol, as the browser stops idle ones, over a
 * session on a blank page (no client of the app), and waits until the app's worker has stopped.
 */
async function stopWorkers(cdp: CDPSession): Promise<void> {
  const stopped = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the worker did not stop')), DEADLINE_MS)
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      if (versions.every((version) => version.runningStatus === 'stopped')) {
        clearTimeout(timer)
        resolve()
      }
    })
  })
  await cdp.send('ServiceWorker.stopAllWorkers')
  await stopped
}

/** A card's tap link, with the card's counter `run` (each tap a new one, as a real card's). */
const tapLink = (run: number) =>
  `/tap?uid=041E3C8A2D6B80&ctr=${run.toString(16).toUpperCase().padStart(6, '0')}&cmac=4B00064004B0B3D3`

/** Per journey run: ms from the worker's start to the navigation's fetch (its start-up). */
const startups: number[] = []

/** One journey: ms from the navigation's start to its outcome on screen. */
async function timeJourney(
  context: BrowserContext,
  stopper: CDPSession,
  appUrl: string,
  journey: Journey,
  worker: 'warm' | 'stopped',
  run: number,
): Promise<number> {
  // A page of the app wakes the worker, as a holder's last visit would have.
  const waking = await context.newPage()
  await waking.goto(appUrl + '/')
  await waking.locator(OUTCOME.open).first().waitFor({ timeout: DEADLINE_MS })
  await waking.close()
  if (worker === 'stopped') await stopWorkers(stopper)

  const page = await throttledPage(context)
  try {
    await page.goto(appUrl + (journey === 'tap' ? tapLink(run) : '/'), { waitUntil: 'commit' })
    const handle = await page.waitForFunction(
      () => (window as { __outcomeAt?: number }).__outcomeAt,
      undefined,
      { timeout: DEADLINE_MS, polling: 100 },
    )
    const shownAt = (await handle.jsonValue()) as number
    const started = await page.evaluate(() => {
      const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
      return entry ? entry.fetchStart - entry.workerStart : NaN
    })
    startups.push(started)
    return shownAt
  } catch (error) {
    throw new Error(`${journey} (${worker} worker): no outcome on screen: ${String(error)}`)
  } finally {
    await page.close()
  }
}

async function main(): Promise<void> {
  const bench = await startBenchApp('journeys', PORTS)
  const { appUrl, stack } = bench
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: LAUNCH_ARGS })
  try {
    const context = await browser.newContext({
      viewport: MOBILE.viewport,
      deviceScaleFactor: MOBILE.deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
    })
    await context.addInitScript({ content: NOTE_OUTCOME })
    const page = await context.newPage()
    await page.goto(appUrl)
    await waitForServiceWorker(page)
    await signInWithEmailCode(page, appUrl, stack.provider.url)
    await page.close()
    const stopper = await context.newCDPSession(await context.newPage())
    await stopper.send('ServiceWorker.enable')

    console.log(
      `\nJourneys of a signed-in holder, ms from the navigation's start (${RUNS} runs each), ` +
        `Chromium headless as a mid-range phone: CPU ${MOBILE.cpuSlowdown}× slower, ` +
        `${MOBILE.latencyMs} ms latency, ${MOBILE.downloadKbps} Kbps down (the page's own requests)`,
    )
    console.log('journey | worker | each run | median | worker start-up (median)')
    console.log('--- | --- | --- | --- | ---')
    let run = 1
    for (const journey of ['tap', 'open'] as const) {
      for (const worker of ['warm', 'stopped'] as const) {
        const times: number[] = []
        startups.length = 0
        for (let i = 0; i < RUNS; i += 1) {
          times.push(await timeJourney(context, stopper, appUrl, journey, worker, run++))
        }
        const label = journey === 'tap' ? 'tap link → outcome' : 'open app → list'
        console.log(
          [
            label,
            worker,
            times.map((time) => Math.round(time)).join(' '),
            Math.round(median(times)),
            Math.round(median(startups)),
          ].join(' | '),
        )
      }
    }
  } finally {
    await browser.close()
    await bench.close()
  }
}

await main()
