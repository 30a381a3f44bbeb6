/**
 * The holder's passkeys on the account page: list, add one on this device, rename, remove. The
 * worker makes every provider call with the session token; this page only runs the browser's
 * ceremony (`navigator.credentials.create`) between the two calls that add a passkey.
 */
import { useCallback, useEffect, useReducer, useRef } from 'react'
import type { MessageDescriptor } from '@lingui/core'
import { msg, t as translate } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AccountResult, Passkey } from '../../core/account-messages.ts'
import type { SessionActions } from '../../session/session-client.ts'
import { reportError } from '../../shared/error-reporting.ts'
import { accountFailureMessage } from './account-failure.ts'
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
  const { t } = useLingui()
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
  const show = useCallback(
    (result: AccountResult, failed: (text: MessageDescriptor) => void): boolean => {
      if (!result.ok) {
        if (result.failure.kind === 'reauth-needed') {
          dispatch({
            type: 'told',
            outcome: { kind: 'reauth', text: accountFailureMessage(result.failure) },
          })
        } else {
          failed(accountFailureMessage(result.failure))
        }
        return false
      }
      if ('passkeys' in result) dispatch({ type: 'listed', passkeys: result.passkeys })
      return true
    },
    [],
  )

  const load = useCallback(async () => {
    dispatch({ type: 'loading' })
    const result = await account({ op: 'passkeys' })
    show(result, (message) => dispatch({ type: 'list-failed', message }))
  }, [account, show])

  useEffect(() => {
    void load()
  }, [load])

  /** Runs one action at a time, with its outcome said afterwards. */
  async function run(action: NonNullable<Busy>, perform: () => Promise<MessageDescriptor | null>) {
    dispatch({ type: 'started', busy: action })
    let said: Outcome = null
    try {
      const done = await perform()
      if (done !== null) said = { kind: 'done', text: done }
    } catch (error) {
      said = { kind: 'error', text: msg`Something went wrong. Try again in a moment.` }
      reportError(error, { op: 'passkeys' })
    } finally {
      dispatch({ type: 'finished', outcome: said })
    }
  }

  const fail = (text: MessageDescriptor) =>
    dispatch({ type: 'told', outcome: { kind: 'error', text } })

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
      return msg`Passkey added. Next time, sign in with it.`
    })

  const rename = (passkey: Passkey, name: string) =>
    run({ op: 'rename', id: passkey.id }, async () => {
      const result = await account({ op: 'passkey-rename', id: passkey.id, name })
      if (!show(result, fail)) return null
      dispatch({ type: 'rename-closed', id: passkey.id })
      return msg`Passkey renamed.`
    })

  const remove = (passkey: Passkey) =>
    run({ op: 'remove', id: passkey.id }, async () => {
      const result = await account({ op: 'passkey-remove', id: passkey.id })
      if (!show(result, fail)) return null
      dispatch({ type: 'removed' })
      const name = passkeyLabel(passkey)
      return msg`Removed “${name}”.`
    })

  return (
    <div className="stack passkeys">
      <p className="muted">
        <Trans>
          Sign in with your fingerprint, face or screen lock instead of a code. Passkeys stay on
          your device.
        </Trans>
      </p>
      {list.status === 'loading' ? (
        <p className="muted" role="status">
          <Trans>Loading your passkeys…</Trans>
        </p>
      ) : list.status === 'failed' ? (
        <div className="stack">
          <FormError>{t(list.message)}</FormError>
          <button type="button" className="button button--small" onClick={() => void load()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : list.passkeys.length === 0 ? (
        <p data-testid="passkeys-empty">
          <Trans>No passkeys yet.</Trans>
        </p>
      ) : (
        <ul className="passkeys__list" aria-label={t`Your passkeys`}>
          {list.passkeys.map((passkey) => {
            if (editing === passkey.id) {
              return (
                <li key={passkey.id} className="passkeys__item">
                  <RenameForm
                    passkey={passkey}
                    busy={isBusy(busy, 'rename', passkey.id)}
                    onSave={(name) => void rename(passkey, name)}
                    onCancel={() => dispatch({ type: 'rename-closed', id: passkey.id })}
                  />
                </li>
              )
            }
            const label = passkeyLabel(passkey)
            return (
              <li key={passkey.id} className="passkeys__item">
                <span className="passkeys__name">{label}</span>
                <span className="passkeys__actions">
                  <button
                    ref={target({ to: 'rename', id: passkey.id })}
                    type="button"
                    className="button button--small"
                    disabled={busy !== null}
                    onClick={() => dispatch({ type: 'rename-opened', id: passkey.id })}
                    aria-label={t({
                      message: `Rename ${label}`,
                      comment: '{label}: the passkey’s name',
                    })}
                  >
                    <Trans comment="Button: renames a passkey">Rename</Trans>
                  </button>
                  <button
                    type="button"
                    className="button button--small"
                    disabled={busy !== null}
                    onClick={() => void remove(passkey)}
                    aria-label={t({
                      message: `Remove ${label}`,
                      comment: '{label}: the passkey’s name',
                    })}
                  >
                    {isBusy(busy, 'remove', passkey.id) ? (
                      <Trans>Removing…</Trans>
                    ) : (
                      <Trans comment="Button: removes a passkey">Remove</Trans>
                    )}
                  </button>
                </span>
              </li>
            )
          })}
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
          {isBusy(busy, 'add') ? <Trans>Adding a passkey…</Trans> : <Trans>Add a passkey</Trans>}
        </button>
      ) : (
        <p className="muted">
          <Trans>This browser can’t make passkeys.</Trans>
        </p>
      )}
      {outcome?.kind === 'reauth' ? (
        <div className="stack">
          <FormError>{t(outcome.text)}</FormError>
          <button type="button" className="button button--small" onClick={onSignInAgain}>
            <Trans>Sign in again</Trans>
          </button>
        </div>
      ) : outcome?.kind === 'error' ? (
        <FormError>{t(outcome.text)}</FormError>
      ) : outcome ? (
        <p className="form__notice" role="status">
          {t(outcome.text)}
        </p>
      ) : null}
    </div>
  )
}

/** A passkey's name, or what to call one without a name (in the active language). */
function passkeyLabel(passkey: Passkey): string {
  return passkey.name.trim() || translate`Unnamed passkey`
}
