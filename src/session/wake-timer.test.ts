/**
 * The wake timer: one wake at the time the host named, from one tab of several, none while
 * hidden, a retry when the host names no new time, and nothing after close.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createWakeTimer, WAKE_LOCK_NAME, type WakeTimer } from './wake-timer.ts'

const SLACK = 1_000
const RETRY = 20_000
const LONGEST = 620_000
const T0 = Date.UTC(2026, 10, 27, 12)

/**
 * Web Locks as the browser keeps them for every tab of an origin: `ifAvailable` gets null while
 * another tab holds the lock, and a lock is held until the callback's promise settles.
 */
function sharedLocks() {
  const held = new Set<string>()
  const requests: string[] = []
  const manager: Pick<LockManager, 'request'> = {
    request: (async (
      name: string,
      options: LockOptions,
      callback: (lock: Lock | null) => unknown,
    ) => {
      requests.push(name)
      if (held.has(name) && options.ifAvailable) return callback(null)
      held.add(name)
      try {
        return await callback({ name, mode: 'exclusive' } as Lock)
      } finally {
        held.delete(name)
      }
    }) as LockManager['request'],
  }
  return { manager, held, requests }
}

interface Tab {
  timer: WakeTimer
  wakes: number
  visible: boolean
}

function openTab(locks: Pick<LockManager, 'request'> | undefined): Tab {
  const tab: Tab = {
    wakes: 0,
    visible: true,
    timer: createWakeTimer({
      wake: () => void (tab.wakes += 1),
      isVisible: () => tab.visible,
      now: () => Date.now(),
      locks,
      timing: { slackMs: SLACK, retryMs: RETRY, longestMs: LONGEST },
    }),
  }
  return tab
}

const tabs: Tab[] = []
const open = (locks: Pick<LockManager, 'request'> | undefined) => {
  const tab = openTab(locks)
  tabs.push(tab)
  return tab
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 })
})

afterEach(() => {
  for (const tab of tabs.splice(0)) tab.timer.close()
  vi.useRealTimers()
})

describe('wake timer', () => {
  it('wakes the host once, just after the time it named, and not before', async () => {
    const tab = open(sharedLocks().manager)
    tab.timer.schedule(T0 + 600_000)
    await vi.advanceTimersByTimeAsync(600_000 + SLACK - 1)
    expect(tab.wakes).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(tab.wakes).toBe(1)
    // The host answered with its next time: one more wake, ten minutes on.
    tab.timer.schedule(T0 + 1_200_000)
    await vi.advanceTimersByTimeAsync(600_000)
    expect(tab.wakes).toBe(2)
  })

  it('makes one wake of five tabs that fire at the same moment', async () => {
    const locks = sharedLocks()
    const five = Array.from({ length: 5 }, () => open(locks.manager))
    for (const tab of five) tab.timer.schedule(T0 + 60_000)
    await vi.advanceTimersByTimeAsync(60_000 + SLACK)
    expect(five.map((tab) => tab.wakes)).toEqual([1, 0, 0, 0, 0])
    expect(locks.requests).toEqual(Array(5).fill(WAKE_LOCK_NAME))
    // The host names its next time: the waking tab lets go of the lock.
    for (const tab of five) tab.timer.schedule(T0 + 660_000)
    await vi.advanceTimersByTimeAsync(0)
    expect(locks.held.size).toBe(0)
    await vi.advanceTimersByTimeAsync(600_000)
    expect(five.reduce((sum, tab) => sum + tab.wakes, 0)).toBe(2)
  })

  it('hears the same time again without a second wake (statuses repeat it)', async () => {
    const tab = open(sharedLocks().manager)
    tab.timer.schedule(T0 + 5_000)
    await vi.advanceTimersByTimeAsync(5_000 + SLACK)
    tab.timer.schedule(T0 + 5_000)
    tab.timer.schedule(T0 + 5_000)
    await vi.advanceTimersByTimeAsync(RETRY - 1)
    expect(tab.wakes).toBe(1)
  })

  it('wakes again after the retry time when the host named no new time', async () => {
    const tab = open(sharedLocks().manager)
    tab.timer.schedule(T0 + 5_000)
    await vi.advanceTimersByTimeAsync(5_000 + SLACK)
    expect(tab.wakes).toBe(1)
    await vi.advanceTimersByTimeAsync(RETRY)
    expect(tab.wakes).toBe(2)
  })

  it('never wakes from a hidden tab, and does once it is shown and its timer comes round', async () => {
    const tab = open(sharedLocks().manager)
    tab.visible = false
    tab.timer.schedule(T0 + 5_000)
    await vi.advanceTimersByTimeAsync(5_000 + SLACK + 3 * RETRY)
    expect(tab.wakes).toBe(0)
    tab.visible = true
    await vi.advanceTimersByTimeAsync(RETRY)
    expect(tab.wakes).toBe(1)
  })

  it('sets nothing for no scheduled time, and stops on a sign-out or close', async () => {
    const tab = open(sharedLocks().manager)
    tab.timer.schedule(null)
    await vi.advanceTimersByTimeAsync(LONGEST * 2)
    tab.timer.schedule(T0 + LONGEST * 2 + 5_000)
    tab.timer.schedule(null)
    await vi.advanceTimersByTimeAsync(LONGEST)
    tab.timer.schedule(T0 + LONGEST * 3 + 5_000)
    tab.timer.close()
    await vi.advanceTimersByTimeAsync(LONGEST)
    expect(tab.wakes).toBe(0)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('wakes at once for a time already past, and within the longest wait for a far-off one', async () => {
    const tab = open(sharedLocks().manager)
    tab.timer.schedule(T0 - 60_000)
    await vi.advanceTimersByTimeAsync(0)
    expect(tab.wakes).toBe(1)
    // A clock set back makes the host's time look days away: the tab still looks within the limit.
    tab.timer.schedule(T0 + 5 * 86_400_000)
    await vi.advanceTimersByTimeAsync(LONGEST)
    expect(tab.wakes).toBe(2)
  })

  it('wakes from every tab in a browser without Web Locks (the host still makes one call)', async () => {
    const two = [open(undefined), open(undefined)]
    for (const tab of two) tab.timer.schedule(T0 + 1_000)
    await vi.advanceTimersByTimeAsync(1_000 + SLACK)
    expect(two.map((tab) => tab.wakes)).toEqual([1, 1])
  })

  it('keeps the wakes to one tab while the host names no new time, and hands over when it closes', async () => {
    const locks = sharedLocks()
    const [first, second] = [open(locks.manager), open(locks.manager)]
    first!.timer.schedule(T0 + 1_000)
    second!.timer.schedule(T0 + 1_000)
    await vi.advanceTimersByTimeAsync(1_000 + SLACK)
    expect([first!.wakes, second!.wakes]).toEqual([1, 0])
    await vi.advanceTimersByTimeAsync(RETRY)
    expect([first!.wakes, second!.wakes]).toEqual([2, 0])
    first!.timer.close()
    await vi.advanceTimersByTimeAsync(0)
    expect(locks.held.size).toBe(0)
    await vi.advanceTimersByTimeAsync(RETRY)
    expect([first!.wakes, second!.wakes]).toEqual([2, 1])
  })
})
