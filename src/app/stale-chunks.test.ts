/** A tab whose lazy chunk is gone reloads once onto the release the host serves, and only then. */
import { describe, expect, it, vi } from 'vitest'
import {
  STALE_CHUNK_RELOAD_GAP_MS,
  STALE_CHUNK_RELOAD_KEY,
  reloadOnStaleChunk,
  type StaleChunkPorts,
} from './stale-chunks.ts'

const OURS = '/assets/index-old.js'

/** Lets every promise the check chained settle (a task later). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0))
const page = (entry: string) => `<link rel="modulepreload" href="${entry}" integrity="x">`

function setUp(hostPage: () => Promise<string>, overrides: Partial<StaleChunkPorts> = {}) {
  const target = new EventTarget()
  const stored = new Map<string, string>()
  let now = 1_000_000
  const reload = vi.fn()
  reloadOnStaleChunk({
    target,
    release: OURS,
    hostPage,
    storage: {
      getItem: (key) => stored.get(key) ?? null,
      setItem: (key, value) => void stored.set(key, value),
    },
    reload,
    now: () => now,
    ...overrides,
  })
  const fail = () => target.dispatchEvent(new Event('vite:preloadError', { cancelable: true }))
  const later = (ms: number) => {
    now += ms
  }
  return { fail, reload, stored, later }
}

describe('a lazy chunk that fails to load', () => {
  it('reloads once when the host serves another release, and not again soon after', async () => {
    const hostPage = vi.fn(() => Promise.resolve(page('/assets/index-new.js')))
    const { fail, reload, stored, later } = setUp(hostPage)
    fail()
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    expect(stored.get(STALE_CHUNK_RELOAD_KEY)).toBe('1000000')
    // The reloaded page fails again at once: no second reload, the error screen stays.
    later(1000)
    fail()
    expect(hostPage).toHaveBeenCalledTimes(1)
    expect(reload).toHaveBeenCalledTimes(1)
    // Much later, another release: one more.
    later(STALE_CHUNK_RELOAD_GAP_MS)
    fail()
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(2))
  })

  it('reloads once for several failures checked at the same time', async () => {
    const hostPage = vi.fn(() => Promise.resolve(page('/assets/index-new.js')))
    const { fail, reload } = setUp(hostPage)
    fail()
    fail()
    await vi.waitFor(() => expect(hostPage).toHaveBeenCalledTimes(2))
    await settled()
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('does not reload when the host still serves this release (the chunk failed otherwise)', async () => {
    const hostPage = vi.fn(() => Promise.resolve(page(OURS)))
    const { fail, reload } = setUp(hostPage)
    fail()
    await vi.waitFor(() => expect(hostPage).toHaveBeenCalledTimes(1))
    await settled()
    expect(reload).not.toHaveBeenCalled()
  })

  it('does not reload when the host cannot be reached (offline, lie-fi)', async () => {
    const hostPage = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')))
    const { fail, reload } = setUp(hostPage)
    fail()
    await vi.waitFor(() => expect(hostPage).toHaveBeenCalledTimes(1))
    await settled()
    expect(reload).not.toHaveBeenCalled()
  })

  it('does nothing on a page that names no start-up chunk (the dev server)', async () => {
    const hostPage = vi.fn(() => Promise.resolve(page('/assets/index-new.js')))
    const { fail, reload } = setUp(hostPage, { release: null })
    fail()
    expect(hostPage).not.toHaveBeenCalled()
    expect(reload).not.toHaveBeenCalled()
  })
})
