/** The app's configuration, read from `import.meta.env` once and validated. */
import { parseConfig } from './defaults.ts'

/** Validated build-time configuration; the only reader of `import.meta.env`. */
export const config = parseConfig(import.meta.env)
