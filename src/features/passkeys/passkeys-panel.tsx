/**
 * The holder's passkeys on the account page: list, add one on this device, rename, remove. The
 * worker makes every provider call with the session token; this page only runs the browser's
 * ceremony (`navigator.credentials.create`) between the two calls that add a passkey.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react'
import {
  cleanPasskeyName,
  MAX_PASSKEY_NAME_LENGTH,
  type AccountResult,
  type Passkey,
} from '../../core/account-calls.ts'
import type { SessionActions } from '../../session/session-client.ts'
import { reportError } from '../../shared/error-reporting.ts'
import { accountFailureText } from './account-failure.ts'
import { addPasskey } from './add-passkey.ts'
import { createPasskey } from './create-passkey.ts'
import { passkeysSupported } from './platform-authenticator.ts'
import { FormError } from '../../shared/ui/form-error.tsx'
import './passkeys.css'

/**
 * Props: the worker's account calls, where to go to sign in again when a change needs a recent
 * sign-in, and (for tests) the browser's ceremony and support check.
 */
export interface PasskeysPanelProps {
  account: SessionActions['account']
  onSignInAgain(): void
  create?: typeof createPasskey
  supported?: boolean
}

type ListState =
  | { status: 'loading' }
  | { status: 'ready'; passkeys: Passkey[] }
  | { status: 'failed'; message: string }

/**
 * What the holder is told after an action: a confirmation, what went wrong, or that a change needs
 * a recent sign-in (with a way to sign in again).
 */
type Outcome = { kind: 'done' | 'error' | 'reauth'; text: string } | null

/** The list, an add button (where passkeys work) and a rename or remove per passkey. */
export function PasskeysPanel({
  account,
  onSignInAgain,
  create = createPasskey,
  supported = passkeysSupported(),
}: PasskeysPanelProps) {
  const [list, setList] = useState<ListState>({ status: 'loading' })
  const [busy, setBusy] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [editing, setEditing] = useState<string | null>(null)

  // Where the focus goes once an action has taken away the control that had it (a rename form
  // closed, a row removed): the row's Rename button, or Add. Kept until that control can take it.
  const [refocus, setRefocus] = useState<string | null>(null)
  const targets = useRef(new Map<string, HTMLButtonElement>())
  const target = (key: string) => (element: HTMLButtonElement | null) => {
    if (element) targets.current.set(key, element)
    else targets.current.delete(key)
  }
  useEffect(() => {
    if (refocus === null) return
    const control = targets.current.get(refocus)
    if (!control || control.disabled) return
    control.focus()
    setRefocus(null)
    // The control appears, or is enabled, with a change to one of these.
  }, [refocus, list, editing, busy])
  const closeRename = (passkey: Passkey) => {
    setEditing(null)
    setRefocus(`rename:${passkey.id}`)
  }

  /** Shows a result's list, or says why there is none; true when it was a list. */
  const show = useCallback((result: AccountResult, failed: (text: string) => void): boolean => {
    if (!result.ok) {
      if (result.failure.kind === 'reauth-needed') {
        setOutcome({ kind: 'reauth', text: accountFailureText(result.failure) })
      } else {
        failed(accountFailureText(result.failure))
      }
      return false
    }
    if ('passkeys' in result) setList({ status: 'ready', passkeys: result.passkeys })
    return true
  }, [])

  const load = useCallback(async () => {
    setList({ status: 'loading' })
    const result = await account({ op: 'passkeys' })
    show(result, (message) => setList({ status: 'failed', message }))
  }, [account, show])

  useEffect(() => {
    void load()
  }, [load])

  /** Runs one action at a time, with its outcome said afterwards. */
  async function run(key: string, action: () => Promise<string | null>) {
    setBusy(key)
    setOutcome(null)
    try {
      const done = await action()
      if (done !== null) setOutcome({ kind: 'done', text: done })
    } catch (error) {
      setOutcome({ kind: 'error', text: 'Something went wrong. Try again in a moment.' })
      reportError(error, { op: 'passkeys' })
    } finally {
      setBusy(null)
    }
  }

  const fail = (text: string) => setOutcome({ kind: 'error', text })

  const add = () =>
    run('add', async () => {
      const outcome = await addPasskey(account, create)
      if (!outcome.ok) {
        if (outcome.text === null) return null
        if (outcome.reauth) setOutcome({ kind: 'reauth', text: outcome.text })
        else fail(outcome.text)
        return null
      }
      setList({ status: 'ready', passkeys: outcome.passkeys })
      return 'Passkey added. Next time, sign in with it.'
    })

  const rename = (passkey: Passkey, name: string) =>
    run(`rename:${passkey.id}`, async () => {
      const result = await account({ op: 'passkey-rename', id: passkey.id, name })
      if (!show(result, fail)) return null
      closeRename(passkey)
      return 'Passkey renamed.'
    })

  const remove = (passkey: Passkey) =>
    run(`remove:${passkey.id}`, async () => {
      const result = await account({ op: 'passkey-remove', id: passkey.id })
      if (!show(result, fail)) return null
      setRefocus('add')
      return `Removed “${passkeyLabel(passkey)}”.`
    })

  return (
    <div className="stack passkeys">
      <p className="muted">
        Sign in with your fingerprint, face or screen lock instead of a code. Passkeys stay on your
        device.
      </p>
      {list.status === 'loading' ? (
        <p className="muted" role="status">
          Loading your passkeys…
        </p>
      ) : list.status === 'failed' ? (
        <div className="stack">
          <FormError>{list.message}</FormError>
          <button type="button" className="button button--small" onClick={() => void load()}>
            Try again
          </button>
        </div>
      ) : list.passkeys.length === 0 ? (
        <p data-testid="passkeys-empty">No passkeys yet.</p>
      ) : (
        <ul className="passkeys__list" aria-label="Your passkeys">
          {list.passkeys.map((passkey) =>
            editing === passkey.id ? (
              <li key={passkey.id} className="passkeys__item">
                <RenameForm
                  passkey={passkey}
                  busy={busy === `rename:${passkey.id}`}
                  onSave={(name) => void rename(passkey, name)}
                  onCancel={() => closeRename(passkey)}
                />
              </li>
            ) : (
              <li key={passkey.id} className="passkeys__item">
                <span className="passkeys__name">{passkeyLabel(passkey)}</span>
                <span className="passkeys__actions">
                  <button
                    ref={target(`rename:${passkey.id}`)}
                    type="button"
                    className="button button--small"
                    disabled={busy !== null}
                    onClick={() => {
                      setOutcome(null)
                      setEditing(passkey.id)
                    }}
                    aria-label={`Rename ${passkeyLabel(passkey)}`}
                  >
                    Rename
                  </button>
                  <button
                    type="button"
                    className="button button--small"
                    disabled={busy !== null}
                    onClick={() => void remove(passkey)}
                    aria-label={`Remove ${passkeyLabel(passkey)}`}
                  >
                    {busy === `remove:${passkey.id}` ? 'Removing…' : 'Remove'}
                  </button>
                </span>
              </li>
            ),
          )}
        </ul>
      )}
      {supported ? (
        <button
          ref={target('add')}
          type="button"
          className="button button--primary"
          disabled={busy !== null || list.status !== 'ready'}
          onClick={() => void add()}
        >
          {busy === 'add' ? 'Adding a passkey…' : 'Add a passkey'}
        </button>
      ) : (
        <p className="muted">This browser can’t make passkeys.</p>
      )}
      {outcome?.kind === 'reauth' ? (
        <div className="stack">
          <FormError>{outcome.text}</FormError>
          <button type="button" className="button button--small" onClick={onSignInAgain}>
            Sign in again
          </button>
        </div>
      ) : outcome ? (
        <p
          className={outcome.kind === 'error' ? 'form__error' : 'form__notice'}
          role={outcome.kind === 'error' ? 'alert' : 'status'}
        >
          {outcome.text}
        </p>
      ) : null}
    </div>
  )
}

/** A passkey's name, or what to call one without a name. */
function passkeyLabel(passkey: Passkey): string {
  return passkey.name.trim() || 'Unnamed passkey'
}

/** The name field in place of a passkey's row; Escape or Cancel leaves it as it was. */
function RenameForm({
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
  const [name, setName] = useState(passkey.name)
  const [problem, setProblem] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const id = useId()
  useEffect(() => input.current?.focus(), [])

  function submit(event: FormEvent) {
    event.preventDefault()
    const clean = cleanPasskeyName(name)
    if (clean === null) {
      setProblem(`Give it a name of 1 to ${MAX_PASSKEY_NAME_LENGTH} characters.`)
      return
    }
    setProblem(null)
    onSave(clean)
  }

  return (
    <form className="passkeys__rename" onSubmit={submit} noValidate>
      <label className="field__label" htmlFor={id}>
        Name for this passkey
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
          {busy ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button button--small" onClick={onCancel}>
          Cancel
        </button>
      </span>
    </form>
  )
}
