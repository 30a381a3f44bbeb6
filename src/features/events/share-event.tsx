/** Share an event: the system share sheet where the browser has one, else copy the link. */
import { useState } from 'react'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'

/** What the last action said, kept as a message so it follows a change of language. */
type Feedback = { kind: 'ok' | 'error'; text: MessageDescriptor } | null

const canUseShareSheet = () => typeof navigator.share === 'function'

const isCancel = (error: unknown) => error instanceof DOMException && error.name === 'AbortError'

/** Shares `title` and `url`; a cancelled share sheet is not an error. */
export function ShareEvent({ title, url }: { title: string; url: string }) {
  const { t } = useLingui()
  const [mode, setMode] = useState<'share' | 'copy'>(() => (canUseShareSheet() ? 'share' : 'copy'))
  const [feedback, setFeedback] = useState<Feedback>(null)

  const share = () => {
    setFeedback(null)
    navigator.share({ title, url }).catch((error: unknown) => {
      if (isCancel(error)) return
      setMode('copy')
      setFeedback({ kind: 'error', text: msg`Sharing did not work here. Copy the link instead.` })
    })
  }

  const copy = () => {
    setFeedback(null)
    const failed = () =>
      setFeedback({
        kind: 'error',
        text: msg`Could not copy the link. Select it and copy it yourself: ${url}`,
      })
    // No clipboard outside secure contexts, and some browsers refuse without permission.
    if (typeof navigator.clipboard?.writeText !== 'function') return failed()
    navigator.clipboard
      .writeText(url)
      .then(() => setFeedback({ kind: 'ok', text: msg`Link copied` }), failed)
  }

  return (
    <div className="share">
      {mode === 'share' ? (
        <button type="button" className="button button--primary" onClick={share}>
          <Trans comment="Button: opens the system's share sheet for the event">Share</Trans>
        </button>
      ) : (
        <button type="button" className="button button--primary" onClick={copy}>
          <Trans>Copy link</Trans>
        </button>
      )}
      <p className="share__feedback" role="status">
        {feedback?.kind === 'ok' ? t(feedback.text) : null}
      </p>
      {feedback?.kind === 'error' ? (
        <p className="share__feedback share__feedback--error" role="alert">
          {t(feedback.text)}
        </p>
      ) : null}
    </div>
  )
}
