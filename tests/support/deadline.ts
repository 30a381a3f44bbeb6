/**
 * A deadline for a browser step that can hang rather than fail: a DevTools call or a script run
 * in a page caught mid-navigation may never answer. The step then fails with its name, and a
 * caller that polls tries again, instead of the whole run waiting out its timeout.
 */

/** `promise`, or a rejection naming `what` after `ms` (10 s by default). */
export function within<T>(promise: Promise<T>, what: string, ms = 10_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms)
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}
