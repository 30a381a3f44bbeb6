/** The stack's adjustable clock: tests and `/_dev/clock` move it forward to make codes and sessions expire. */

/** A clock shared by the provider and the cards stand-in. */
export class Clock {
  private offsetMs = 0

  /** Milliseconds since the epoch, plus the offset. */
  now(): number {
    return Date.now() + this.offsetMs
  }

  /** The current offset from real time. */
  get offset(): number {
    return this.offsetMs
  }

  /** Moves the clock forward by `ms` (never backward, so nothing un-expires by surprise). */
  advance(ms: number): void {
    if (ms < 0) throw new RangeError('the clock only moves forward')
    this.offsetMs += ms
  }

  /** Back to real time. */
  reset(): void {
    this.offsetMs = 0
  }
}

/** An RFC 3339 timestamp in the provider's style (whole seconds, Z). */
export function rfc3339(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')
}
