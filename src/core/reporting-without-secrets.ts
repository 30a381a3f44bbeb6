/** Reports scrubbed of the secrets a host knows, by value, before they leave it. */
import type { KnownSecrets } from './known-secrets.ts'
import { scrubText } from './scrub.ts'

/** Longest chain of causes copied; deeper ones are dropped rather than sent as they are. */
const MAX_CAUSES = 5

/**
 * What was thrown, with the known `secrets` (and whatever the patterns find) gone from its name,
 * message, stack and causes: an Error is copied (class aside, which reports name by `name`),
 * text is scrubbed, anything else is left to the host's own scrubbing. The original is untouched.
 */
export function withoutSecrets(thrown: unknown, secrets: readonly string[], depth = 0): unknown {
  if (typeof thrown === 'string') return scrubText(thrown, secrets)
  if (!(thrown instanceof Error)) return thrown
  const cause =
    thrown.cause === undefined || depth >= MAX_CAUSES
      ? undefined
      : withoutSecrets(thrown.cause, secrets, depth + 1)
  const copy = new Error(
    scrubText(thrown.message, secrets),
    cause === undefined ? undefined : { cause },
  )
  copy.name = scrubText(thrown.name, secrets)
  copy.stack = thrown.stack === undefined ? undefined : scrubText(thrown.stack, secrets)
  return copy
}

/** A reporter's shape (the engine's `Reporter` port). */
type ReportFn = (error: unknown, context: Record<string, string | number | boolean>) => void

/**
 * `report`, given what was thrown and its context only after the values `secrets` knows at that
 * moment (and whatever the patterns find) are gone from them: scrubbed where the values are
 * known, before the report leaves for a tab or the error service.
 */
export function reportingWithoutSecrets(report: ReportFn, secrets: KnownSecrets): ReportFn {
  return (error, context) => {
    const known = secrets.values()
    const scrubbed = Object.fromEntries(
      Object.entries(context).map(([key, value]) => [
        scrubText(key, known),
        typeof value === 'string' ? scrubText(value, known) : value,
      ]),
    )
    report(withoutSecrets(error, known), scrubbed)
  }
}
