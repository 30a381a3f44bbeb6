/** Whether an error is a request that failed on the network, as each browser words it. */

/**
 * How browsers word a request that failed on the network: fetch in Chromium, Firefox and Safari
 * (the provider SDK wraps only Chromium's), then a lazily loaded chunk in the same three.
 */
const NETWORK_FAILURES = [
  'Failed to fetch',
  'NetworkError when attempting to fetch resource.',
  'Load failed',
  'error loading dynamically imported module',
  'Importing a module script failed.',
]

/** A TypeError only fetch or a dynamic import throws; any other is a bug, never "offline". */
export function isNetworkFailure(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    NETWORK_FAILURES.some((message) => error.message.startsWith(message))
  )
}
