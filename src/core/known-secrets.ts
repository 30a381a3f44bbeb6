/** The secrets a host knows (its session, the holder, the taps), kept so its reports can be scrubbed of them by value. */

/** The exact values one host knows now, by where it learnt them; read when a report is made. */
export interface KnownSecrets {
  /** Replaces what `source` knows (empty and missing values are left out). */
  set(source: string, values: readonly (string | null | undefined)[]): void
  /** Every value known now, from every source. */
  values(): readonly string[]
}

/** An empty registry. */
export function createKnownSecrets(): KnownSecrets {
  const bySource = new Map<string, readonly string[]>()
  return {
    set(source, values) {
      const kept = values.filter((value): value is string => typeof value === 'string' && !!value)
      if (kept.length === 0) bySource.delete(source)
      else bySource.set(source, kept)
    },
    values() {
      return [...new Set([...bySource.values()].flat())]
    },
  }
}

/** The value of each `name=value` piece of a query (`?` and `#` dropped), as written and decoded. */
export function queryValues(query: string, keep: (name: string) => boolean = () => true): string[] {
  const values: string[] = []
  for (const piece of query.replace(/^[?#]/, '').split(/[&;]/)) {
    const at = piece.indexOf('=')
    if (at === -1) continue
    let name = piece.slice(0, at)
    try {
      name = decodeURIComponent(name)
    } catch {
      // An undecodable name is looked at as it is written.
    }
    if (!keep(name)) continue
    const value = piece.slice(at + 1)
    values.push(value)
    try {
      values.push(decodeURIComponent(value))
    } catch {
      // Kept as written only.
    }
  }
  return values
}

/** What the session engine's record holds that a report must never carry. */
export interface EngineSecretsSource {
  session: {
    sessionToken: string
    userId: string
    sessionId: string | null
    email: string | null
    phone: string | null
  } | null
  tapQueue: { taps: readonly { query: string }[] }
}

/** The session token, user and session ids, email, phone and every pending tap's values. */
export function engineSecrets(state: EngineSecretsSource): string[] {
  const session = state.session
  const taps = state.tapQueue.taps.flatMap((tap) => queryValues(tap.query))
  if (session === null) return taps
  const { sessionToken, userId, sessionId, email, phone } = session
  return [
    sessionToken,
    userId,
    ...(sessionId === null ? [] : [sessionId]),
    email ?? '',
    phone ?? '',
    ...taps,
  ].filter((value) => value !== '')
}
