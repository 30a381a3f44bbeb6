/**
 * Wakes the session host when it asked to be woken, and not in between. The host says when in
 * its status (`wakeAt`: the next re-authentication, or a pending tap's retry); a browser stops an
 * idle service worker within about 30 s, so without a visible tab waking it then, its schedule
 * would wait for the next page load. One wake per due time, whatever the number of tabs: the
 * first tab whose timer fires takes a Web Lock and holds it until the host names its next wake,
 * and the tabs firing beside it find the lock taken and stand down.
 */

/** The name of the lock the waking tab holds. */
export const WAKE_LOCK_NAME = 'iyk-session-wake'

/** What the timer needs from the page; the page's own by default (see `createSessionClient`). */
export interface WakeTimerOptions {
  /** Sends the host its wake (a `heartbeat`). */
  wake: () => void
  /** Hidden tabs never wake the host: showing the tab again does (`visibilitychange`). */
  isVisible: () => boolean
  now: () => number
  /** Web Locks; absent (an old browser): every tab wakes the host, which still makes one call. */
  locks: Pick<LockManager, 'request'> | undefined
  /**
   * `slackMs`: how long after the due time a tab wakes the host (timers may fire a little early,
   * and a wake before the due time does nothing). `retryMs`: how long a tab waits before waking
   * again when the host named no new time (it woke to find nothing due, or never woke); also the
   * longest the waking tab holds the lock. `longestMs`: no timer is set further ahead than this
   * (a clock set back, or a far-off time), so a wrong time costs one wake, never the schedule.
   */
  timing: { slackMs: number; retryMs: number; longestMs: number }
}

export interface WakeTimer {
  /** The host's latest `wakeAt`; null: nothing scheduled. */
  schedule(wakeAt: number | null): void
  /** Stops the timer and lets go of the lock. */
  close(): void
}

export function createWakeTimer(options: WakeTimerOptions): WakeTimer {
  const { wake, isVisible, now, locks, timing } = options
  let due: number | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  // While this tab holds the lock: lets go of it (the host named a new time, or the tab closes).
  let release: (() => void) | undefined
  let holdUntil = 0

  const arm = (delay: number) => {
    clearTimeout(timer)
    timer = setTimeout(fire, Math.min(Math.max(delay, 0), timing.longestMs))
  }

  function fire(): void {
    // Whatever happens now, look again later unless the host names a new time first.
    arm(timing.retryMs)
    if (!isVisible()) return
    if (release !== undefined) {
      // Still this tab's turn (the host named no new time since its last wake): wake it again.
      holdUntil = now() + timing.retryMs
      wake()
      return
    }
    if (locks === undefined) {
      wake()
      return
    }
    void locks
      .request(WAKE_LOCK_NAME, { ifAvailable: true }, (lock) => {
        // Taken: another tab is waking the host for this time.
        if (lock === null) return undefined
        holdUntil = now() + timing.retryMs
        wake()
        return new Promise<void>((resolve) => {
          let deadline: ReturnType<typeof setTimeout> | undefined
          // Held until the host names a new time, or for a retry time after the last wake.
          const check = () => {
            const left = holdUntil - now()
            if (left > 0) deadline = setTimeout(check, left)
            else done()
          }
          function done() {
            clearTimeout(deadline)
            if (release === done) release = undefined
            resolve()
          }
          release = done
          check()
        })
      })
      .catch(() => {
        // A lock refused (a document being torn down): the next timer tries again.
      })
  }

  return {
    schedule(wakeAt) {
      if (wakeAt === due) return
      due = wakeAt
      release?.()
      clearTimeout(timer)
      timer = undefined
      if (wakeAt !== null) arm(wakeAt - now() + timing.slackMs)
    },
    close() {
      due = null
      release?.()
      clearTimeout(timer)
      timer = undefined
    },
  }
}
