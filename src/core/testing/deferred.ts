/** A promise a test settles by hand, to look at what happens while it is pending. */

/** A pending promise and the two functions that settle it. */
export interface Deferred<T> {
  promise: Promise<T>
  resolve(value: T): void
  reject(reason: unknown): void
}

/** A new pending promise; `deferred()` is one that resolves with nothing. */
export function deferred<T = void>(): Deferred<T> {
  let resolve: (value: T) => void = () => {}
  let reject: (reason: unknown) => void = () => {}
  const promise = new Promise<T>((settle, fail) => {
    resolve = settle
    reject = fail
  })
  return { promise, resolve, reject }
}
