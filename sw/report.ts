/** The worker's error reporter: until error reporting is wired through a tab, the console. */
import type { Reporter } from '../src/core/ports.ts'

/** Reports an engine failure; the context never carries a credential. */
export const reportFromWorker: Reporter = (error, context) => {
  console.error('[report]', error instanceof Error ? error.message : String(error), context)
}
