/** The engine's Logger over the console, every line tagged with its source. */
import type { Logger } from '../core/ports.ts'

/** Creates a logger that writes `[prefix] message` with its details to the console. */
export function createConsoleLogger(prefix = 'session'): Logger {
  const tag = `[${prefix}]`
  return {
    info: (message, details) => console.info(tag, message, details ?? ''),
    warn: (message, details) => console.warn(tag, message, details ?? ''),
    error: (message, details) => console.error(tag, message, details ?? ''),
  }
}
