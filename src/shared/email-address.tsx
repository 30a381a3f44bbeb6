/**
 * An email address that wraps where a reader expects on a narrow screen: after the `@` and before
 * each dot, never in the middle of "example.com" (unless one part alone is wider than the line).
 */
import { Fragment } from 'react'

/** The address's pieces, each followed by a wrap opportunity. */
export function emailPieces(email: string): string[] {
  const at = email.lastIndexOf('@')
  if (at <= 0) return [email]
  const domain = email.slice(at + 1).split(/(?=\.)/)
  return [email.slice(0, at + 1), ...domain]
}

export function EmailAddress({ email }: { email: string }) {
  return (
    // An address, not words: no translation tool should touch it.
    <span className="email-address" translate="no">
      {emailPieces(email).map((piece, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {piece}
        </Fragment>
      ))}
    </span>
  )
}
