/** The name field in place of a passkey's row on the passkeys panel. */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  cleanPasskeyName,
  MAX_PASSKEY_NAME_LENGTH,
  type Passkey,
} from '../../core/account-messages.ts'
import { FormError } from '../../shared/ui/form-error.tsx'

/** The name field in place of a passkey's row; Escape or Cancel leaves it as it was. */
export function RenameForm({
  passkey,
  busy,
  onSave,
  onCancel,
}: {
  passkey: Passkey
  busy: boolean
  onSave(name: string): void
  onCancel(): void
}) {
  const { t } = useLingui()
  const [name, setName] = useState(passkey.name)
  // Whether the name was refused: its words are read as the form renders, in the active language.
  const [refused, setRefused] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const id = useId()
  useEffect(() => input.current?.focus(), [])

  function submit(event: FormEvent) {
    event.preventDefault()
    const clean = cleanPasskeyName(name)
    if (clean === null) {
      setRefused(true)
      return
    }
    setRefused(false)
    onSave(clean)
  }

  const max = MAX_PASSKEY_NAME_LENGTH
  const problem = refused
    ? t({
        message: `Give it a name of 1 to ${max} characters.`,
        comment: '{max}: the longest name a passkey can have, in characters',
      })
    : null

  return (
    <form className="passkeys__rename" onSubmit={submit} noValidate>
      <label className="field__label" htmlFor={id}>
        <Trans>Name for this passkey</Trans>
      </label>
      <input
        ref={input}
        id={id}
        className="input"
        value={name}
        maxLength={MAX_PASSKEY_NAME_LENGTH}
        autoComplete="off"
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel()
        }}
      />
      {problem ? <FormError id={`${id}-problem`}>{problem}</FormError> : null}
      <span className="passkeys__actions">
        <button type="submit" className="button button--small button--primary" disabled={busy}>
          {busy ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
        </button>
        <button type="button" className="button button--small" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </span>
    </form>
  )
}
