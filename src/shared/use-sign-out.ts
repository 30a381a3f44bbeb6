/** Signing out from a button: busy while it runs, and a failure said in words, ready to retry. */
import { useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { errorWords } from './error-words.ts'

/**
 * The sign-out state of a button. The failure is kept, not its words, and worded on each render
 * in the active language (the calling component re-renders when it changes).
 */
export function useSignOut(onSignOut: () => Promise<void>) {
  const { t, i18n } = useLingui()
  const [signingOut, setSigningOut] = useState(false)
  const [failure, setFailure] = useState<{ cause: unknown } | null>(null)
  const signOut = () => {
    setSigningOut(true)
    setFailure(null)
    onSignOut().then(
      () => setSigningOut(false),
      (cause: unknown) => {
        setSigningOut(false)
        setFailure({ cause })
      },
    )
  }
  let error: string | null = null
  if (failure) {
    const words = errorWords(failure.cause)
    const reason = typeof words === 'string' ? words : i18n._(words)
    error = t({
      message: `Signing out failed: ${reason} Try again.`,
      comment: '{reason} is why, a sentence of its own (e.g. “Something went wrong.”)',
    })
  }
  return { signingOut, error, signOut }
}
