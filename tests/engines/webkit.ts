/**
 * WebKitGTK, the engine of Safari, through Debian's `WebKitWebDriver` (WebDriver classic; it
 * refuses BiDi) with webdriverio, driving MiniBrowser in automation mode on a virtual display
 * (Xvfb). Each profile is a new WebDriver session: a new MiniBrowser with empty storage.
 *
 * Under automation WebKit writes no console message anywhere a driver can read, so a hook in the
 * page records console errors and warnings, uncaught errors and policy violations from the moment
 * the driver first runs a script in a document (right after each load); reports the engine had
 * buffered before (policy violations) are read then too, and what a page throws earlier reaches
 * the app's error sink, which the journeys check in every engine.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { remote } from 'webdriverio'
import { scaled, within } from '../support/deadline.ts'
import type { Engine, EngineProfile, EngineWindow } from './engine.ts'

const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'
/** How long the virtual display and the driver may take to start. */
const START_TIMEOUT_MS = 20_000

type Browser = Awaited<ReturnType<typeof remote>>

/** Installs the page's problem recorder once per document; runs in the page. */
function installProblemRecorder() {
  const page = window as unknown as { __iykProblems?: string[] }
  if (page.__iykProblems) return
  const problems: string[] = []
  page.__iykProblems = problems
  for (const level of ['error', 'warn'] as const) {
    const original = console[level].bind(console)
    console[level] = (...args: unknown[]) => {
      problems.push(`${level}: ${args.map((arg) => String(arg)).join(' ')}`)
      original(...args)
    }
  }
  addEventListener('error', (event) => problems.push(`pageerror: ${event.message}`))
  addEventListener('unhandledrejection', (event) =>
    problems.push(`pageerror: ${String(event.reason)}`),
  )
  document.addEventListener('securitypolicyviolation', (event) =>
    problems.push(
      `Content-Security-Policy: ${event.violatedDirective} blocked ${event.blockedURI}`,
    ),
  )
  if ('ReportingObserver' in window) {
    new ReportingObserver(
      (reports) => {
        for (const report of reports) problems.push(`report: ${JSON.stringify(report.body)}`)
      },
      { types: ['csp-violation'], buffered: true },
    ).observe()
  }
}

/** Takes what the page's recorder holds (none in a document it has not been put in yet). */
function drainProblems(): string[] {
  const page = window as unknown as { __iykProblems?: string[] }
  return page.__iykProblems?.splice(0) ?? []
}

/** A free TCP port on the loopback interface. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })
}

/**
 * Starts a virtual display; resolves with its number once the server says it is ready. With
 * `-noreset`: an X server otherwise resets when its last client leaves, and a MiniBrowser starting
 * for the next profile just then cannot open the display; the driver waits 60 s before it tries a
 * new one, and the journey times out.
 */
function startDisplay(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn(
    'Xvfb',
    ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp', '-noreset'],
    {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    },
  )
  const ready = new Promise<string>((resolve, reject) => {
    let text = ''
    xvfb.stdio[3]?.on('data', (chunk: Buffer) => {
      text += chunk.toString()
      if (text.includes('\n')) resolve(`:${text.trim()}`)
    })
    xvfb.once('exit', (code) =>
      reject(new Error(`Xvfb exited (${String(code)}) before it was ready`)),
    )
    xvfb.once('error', reject)
  })
  return within(ready, 'the virtual display (Xvfb) to start', START_TIMEOUT_MS).then((display) => ({
    display,
    process: xvfb,
  }))
}

/** Waits until the driver answers its status. */
async function driverReady(port: number): Promise<void> {
  const deadline = Date.now() + scaled(START_TIMEOUT_MS)
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/status`)
      .then((response) => response.ok)
      .catch(() => false)
    if (ready) return
    if (Date.now() > deadline) {
      throw new Error(
        `WebKitWebDriver did not answer its status on port ${port} within ${scaled(START_TIMEOUT_MS) / 1000} s`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** The display and the driver, started once per test file and shared by its profiles. */
let service: Promise<{ port: number; stop(): void }> | undefined

async function startService() {
  const { display, process: xvfb } = await startDisplay()
  const port = await freePort()
  const driver = spawn('WebKitWebDriver', [`--port=${port}`], {
    stdio: 'ignore',
    env: { ...process.env, DISPLAY: display },
  })
  const stop = () => {
    driver.kill()
    xvfb.kill()
  }
  try {
    await driverReady(port)
  } catch (error) {
    stop()
    throw error
  }
  return { port, stop }
}

/** A window of `browser`; what its gone documents recorded is added to `pending`. */
function windowOf(browser: Browser, handle: string, pending: string[]): EngineWindow {
  const focus = () => browser.switchToWindow(handle)
  const problemsBefore = async () => {
    await focus()
    return (await browser.execute(drainProblems).catch(() => [])) as string[]
  }
  const evaluate = async <A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> => {
    await focus()
    const script = `const done = arguments[arguments.length - 1];
      (${installProblemRecorder.toString()})();
      Promise.resolve()
        .then(() => (${fn.toString()})(arguments[0]))
        .then((value) => done({ value }), (error) => done({ error: String((error && error.stack) || error) }));`
    const outcome = (await browser.executeAsync(script, arg)) as { value?: R; error?: string }
    if (outcome.error !== undefined) throw new Error(`in the page: ${outcome.error}`)
    return outcome.value as R
  }
  return {
    evaluate,
    goto: async (url) => {
      pending.push(...(await problemsBefore()))
      await browser.url(url)
      await evaluate(() => null, null)
    },
    reload: async () => {
      pending.push(...(await problemsBefore()))
      await browser.refresh()
      await evaluate(() => null, null)
    },
    url: async () => {
      await focus()
      return browser.getUrl()
    },
    click: async (css) => {
      await focus()
      await browser.$(css).click()
    },
    type: async (css, text) => {
      await focus()
      await browser.$(css).addValue(text)
    },
    close: async () => {
      pending.push(...(await problemsBefore()))
      await browser.closeWindow()
    },
  }
}

async function launch(): Promise<EngineProfile> {
  service ??= startService()
  const { port } = await service
  // What documents that are gone (a navigation, a closed window) recorded.
  const pending: string[] = []
  const browser = await remote({
    hostname: '127.0.0.1',
    port,
    logLevel: 'error',
    connectionRetryCount: 0,
    capabilities: {
      browserName: 'MiniBrowser',
      'wdio:enforceWebDriverClassic': true,
      // Without `--automation` MiniBrowser refuses the session.
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
    } as WebdriverIO.Capabilities,
  })
  const windows: EngineWindow[] = []
  return {
    async open(url) {
      const handle =
        windows.length === 0
          ? await browser.getWindowHandle()
          : (await browser.createWindow('window')).handle
      const window = windowOf(browser, handle, pending)
      windows.push(window)
      await window.goto(url)
      return window
    },
    async problems() {
      const current: string[] = []
      for (const handle of await browser.getWindowHandles()) {
        await browser.switchToWindow(handle)
        current.push(...((await browser.execute(drainProblems).catch(() => [])) as string[]))
      }
      return [...pending.splice(0), ...current]
    },
    close: () => browser.deleteSession(),
  }
}

/** Stops the display and the driver this file started. */
export async function stopWebKitService(): Promise<void> {
  const running = service
  service = undefined
  if (running) (await running).stop()
}

export const webkit: Engine = {
  name: 'WebKit',
  launch,
  shutdown: stopWebKitService,
}
