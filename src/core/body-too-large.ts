/** The error an Http port rejects with when an answer's body is longer than the request allows. */

/** An answer whose body (by its Content-Length, or as read) is longer than `maxBodyBytes`. */
export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError'
  /** The limit the body went over, in bytes. */
  readonly limit: number

  constructor(limit: number) {
    super(`Response body over ${limit} bytes`)
    this.limit = limit
  }
}
