/** Signing out from a button: busy while it runs, and a failure said in words, ready to retry. */
import { useState } from 'react'
import { errorToText } from '../core/error-text.ts'

export function useSignOut(onSignOut: () => Promise<void>) {
  const [signingOut, setSigningOut] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const signOut = () => {
    setSigningOut(true)
    setError(null)
    onSignOut().then(
      () => setSigningOut(false),
      (failure: unknown) => {
        setSigningOut(false)
        setError(`Signing out failed: ${errorToText(failure)} Try again.`)
      },
    )
  }
  return { signingOut, error, signOut }
}
