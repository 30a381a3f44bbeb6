/**
 * Work that can wait for the page's start: it runs once the page has loaded, `ready` has settled,
 * a frame has been drawn and the browser is idle, so it never competes with the first screen.
 */
export function idleAfter(ready: Promise<unknown>): Promise<void> {
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve()
    else window.addEventListener('load', () => resolve(), { once: true })
  })
  return Promise.all([loaded, ready.catch(() => {})]).then(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => {
          if ('requestIdleCallback' in window)
            requestIdleCallback(() => resolve(), { timeout: 3000 })
          else setTimeout(resolve, 200)
        })
      }),
  )
}
