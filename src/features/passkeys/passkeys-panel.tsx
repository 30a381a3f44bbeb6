/**
 * The holder's passkeys on the account page: list, add one on this device, rename, remove. The
 * worker makes every provider call with the session token; this page only runs the browser's
 * ceremony (`navigator.credentials.create`) between the two calls that add a passkey.
 */
import { useCallback, useEffect, useReducer, useRef } from 'react'
import type { AccountResult, Passkey } from '../../core/account-calls.ts'
import type { SessionActions } from '../../session/session-client.ts'
import { reportError } from '../../shared/error-reporting.ts'
import { accountFailureText } from './account-failure.ts'
import { addPasskey } from './add-passkey.ts'
import { createPasskey } from './create-passkey.ts'
import {
  focusKey,
  initialPanelState,
  isBusy,
  panelReducer,
  type Busy,
  type Outcome,
  type Refocus,
} from './passkeys-state.ts'
import { passkeysSupported } from './platform-authenticator.ts'
import { RenameForm } from './rename-form.tsx'
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

/** The list, an add button (where passkeys work) and a rename or remove per passkey. */
export function PasskeysPanel({
  account,
  onSignInAgain,
  create = createPasskey,
  supported = passkeysSupported(),
}: PasskeysPanelProps) {
  const [state, dispatch] = useReducer(panelReducer, initialPanelState)
  const { list, busy, editing, outcome, refocus } = state

  // The controls the focus may go back to, by `focusKey`.
  const targets = useRef(new Map<string, HTMLButtonElement>())
  const target = (to: NonNullable<Refocus>) => (element: HTMLButtonElement | null) => {
    if (element) targets.current.set(focusKey(to), element)
    else targets.current.delete(focusKey(to))
  }
  useEffect(() => {
    if (refocus === null) return
    const control = targets.current.get(focusKey(refocus))
    if (!control || control.disabled) return
    control.focus()
    dispatch({ type: 'refocused' })
    // The control appears, or is enabled, with a change to one of these.
  }, [refocus, list, editing, busy])

  /** Shows a result's list, or says why there is none; true when it was a list. */
  const show = useCallback((result: AccountResult, failed: (text: string) => void): boolean => {
    if (!result.ok) {
      if (result.failure.kind === 'reauth-needed') {
        dispatch({
          type: 'told',
          outcome: { kind: 'reauth', text: accountFailureText(result.failure) },
        })
      } else {
        failed(accountFailureText(result.failure))
      }
      return false
    }
    if ('passkeys' in result) dispatch({ type: 'listed', passkeys: result.passkeys })
    return true
  }, [])

  const load = useCallback(async () => {
    dispatch({ type: 'loading' })
    const result = await account({ op: 'passkeys' })
    show(result, (message) => dispatch({ type: 'list-failed', message }))
  }, [account, show])

  useEffect(() => {
    void load()
  }, [load])

  /** Runs one action at a time, with its outcome said afterwards. */
  async function run(action: NonNullable<Busy>, perform: () => Promise<string | null>) {
    dispatch({ type: 'started', busy: action })
    let said: Outcome = null
    try {
      const done = await perform()
      if (done !== null) said = { kind: 'done', text: done }
    } catch (error) {
      said = { kind: 'error', text: 'Something went wrong. Try again in a moment.' }
      reportError(error, { op: 'passkeys' })
    } finally {
      dispatch({ type: 'finished', outcome: said })
    }
  }

  const fail = (text: string) => dispatch({ type: 'told', outcome: { kind: 'error', text } })

  const add = () =>
    run({ op: 'add' }, async () => {
      const added = await addPasskey(account, create)
      if (!added.ok) {
        if (added.text === null) return null
        if (added.reauth) dispatch({ type: 'told', outcome: { kind: 'reauth', text: added.text } })
        else fail(added.text)
        return null
      }
      dispatch({ type: 'listed', passkeys: added.passkeys })
      return 'Passkey added. Next time, sign in with it.'
    })

  const rename = (passkey: Passkey, name: string) =>
    run({ op: 'rename', id: passkey.id }, async () => {
      const result = await account({ op: 'passkey-rename', id: passkey.id, name })
      if (!show(result, fail)) return null
      dispatch({ type: 'rename-closed', id: passkey.id })
      return 'Passkey renamed.'
    })

  const remove = (passkey: Passkey) =>
    run({ op: 'remove', id: passkey.id }, async () => {
      const result = await account({ op: 'passkey-remove', id: passkey.id })
      if (!show(result, fail)) return null
      dispatch({ type: 'removed' })
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
                  busy={isBusy(busy, 'rename', passkey.id)}
                  onSave={(name) => void rename(passkey, name)}
                  onCancel={() => dispatch({ type: 'rename-closed', id: passkey.id })}
                />
              </li>
            ) : (
              <li key={passkey.id} className="passkeys__item">
                <span className="passkeys__name">{passkeyLabel(passkey)}</span>
                <span className="passkeys__actions">
                  <button
                    ref={target({ to: 'rename', id: passkey.id })}
                    type="button"
                    className="button button--small"
                    disabled={busy !== null}
                    onClick={() => dispatch({ type: 'rename-opened', id: passkey.id })}
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
                    {isBusy(busy, 'remove', passkey.id) ? 'Removing…' : 'Remove'}
                  </button>
                </span>
              </li>
            ),
          )}
        </ul>
      )}
      {supported ? (
        <button
          ref={target({ to: 'add' })}
          type="button"
          className="button button--primary"
          disabled={busy !== null || list.status !== 'ready'}
          onClick={() => void add()}
        >
          {isBusy(busy, 'add') ? 'Adding a passkey…' : 'Add a passkey'}
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
      ) : outcome?.kind === 'error' ? (
        <FormError>{outcome.text}</FormError>
      ) : outcome ? (
        <p className="form__notice" role="status">
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
