/**
 * Subresource integrity in real Chromium: the start-up chunk runs only as built. Served changed
 * (by a host, a proxy or a cache between the build and the holder), it is refused and the app
 * does not start; served as built, it starts.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { browserSuite } from './support/browser-suite.ts'
import { startStaticServer, type StaticServer } from './support/static-server.ts'
import { distDir } from './support/test-stack.ts'
import { scaled } from './support/deadline.ts'

const suite = browserSuite()
let server: StaticServer

beforeAll(async () => {
  // A server of our own, so this file can change what it serves.
  server = await startStaticServer(distDir)
})

afterAll(async () => {
  await server.close()
})

/** The start-up chunk the built page preloads, and the integrity it names for it. */
async function entry(): Promise<{ path: string; integrity: string }> {
  const html = await (await fetch(server.url + '/')).text()
  const preload = /<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*integrity="([^"]+)"/.exec(html)
  if (!preload?.[1] || !preload[2]) throw new Error('The page preloads no chunk with integrity')
  return { path: preload[1], integrity: preload[2] }
}

it('names a SHA-384 integrity for the start-up chunk', async () => {
  expect((await entry()).integrity).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/)
})

it('refuses a start-up chunk changed after the build, and starts with the one built', async () => {
  const { path } = await entry()
  server.override(path, (source) => `${source}\n;globalThis.changed = true\n`)
  const changed = await (await suite.newContext()).newPage()
  const refusals: string[] = []
  changed.on('console', (message) => {
    if (/integrity/i.test(message.text())) refusals.push(message.text())
  })
  await changed.goto(server.url + '/')
  await expect
    .poll(() => refusals.length, { message: 'the browser refusing the changed chunk' })
    .toBeGreaterThan(0)
  expect(await changed.evaluate(() => 'changed' in globalThis)).toBe(false)
  // The app never took over from the first-paint frame.
  expect(await changed.locator('#shell').count()).toBe(1)

  server.clearOverrides()
  const built = await (await suite.newContext()).newPage()
  await built.goto(server.url + '/')
  await expect
    .poll(() => built.locator('#shell').count(), {
      message: 'the app taking over from the frame',
      timeout: scaled(10_000),
    })
    .toBe(0)
})
