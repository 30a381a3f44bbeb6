/**
 * The language switch: a native select of every language, each in its own name (and marked as
 * such, so a screen reader says it in that language). The choice applies at once and is kept on
 * this device (device-locale.ts).
 */
import { useId, useRef, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { isLocale, LOCALE_NAMES, LOCALES, SOURCE_LOCALE, type Locale } from '../../core/locale.ts'
import { FormError } from '../../shared/ui/form-error.tsx'
import { switchLocale } from './device-locale.ts'
import './language.css'

/**
 * A labelled select of the app's languages; while one loads, the select shows it and says it is
 * busy. It stays usable: a holder who changes their mind while a catalog loads gets the language
 * chosen last, whichever arrives first. `hideLabel` where a heading beside it already says what
 * it is (the label stays for screen readers).
 */
export function LanguagePicker({ hideLabel = false }: { hideLabel?: boolean }) {
  const { t, i18n } = useLingui()
  const id = useId()
  const [loading, setLoading] = useState<Locale | null>(null)
  const [failed, setFailed] = useState(false)
  /** The choice made last: only its outcome changes what the select shows. */
  const latest = useRef<Locale | null>(null)
  const current = isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE

  function choose(value: string) {
    if (!isLocale(value)) return
    latest.current = value
    setFailed(false)
    if (value === current && loading === null) return
    setLoading(value)
    const settled = (ok: boolean) => {
      if (latest.current !== value) return
      setLoading(null)
      setFailed(!ok)
    }
    switchLocale(value).then(
      () => settled(true),
      () => settled(false),
    )
  }

  return (
    <div className="language-picker">
      <label className="field">
        <span className={hideLabel ? 'visually-hidden' : 'field__label'}>{t`Language`}</span>
        <select
          className="input"
          name="language"
          value={loading ?? current}
          aria-busy={loading !== null}
          aria-describedby={failed ? `${id}-error` : undefined}
          onChange={(event) => choose(event.target.value)}
        >
          {LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {LOCALE_NAMES[locale]}
            </option>
          ))}
        </select>
      </label>
      {failed ? (
        <FormError id={`${id}-error`}>
          {t`That language could not be loaded. Check your connection and try again.`}
        </FormError>
      ) : null}
    </div>
  )
}
