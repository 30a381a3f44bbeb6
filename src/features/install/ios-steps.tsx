/** "Add to Home Screen" steps for iOS, where browsers offer no install prompt. */
import { Trans, useLingui } from '@lingui/react/macro'
import './install.css'

/**
 * Safari's own wording, so the steps match what the holder sees (translators use Safari's
 * wording in their language).
 */
export function IosSteps({ safari }: { safari: boolean }) {
  const { t } = useLingui()
  return (
    <>
      <p className="muted">
        {safari ? (
          <Trans>Add IYK Cards to your Home Screen:</Trans>
        ) : (
          <Trans>Open this page in Safari, then add IYK Cards to your Home Screen:</Trans>
        )}
      </p>
      <ol
        className="install-steps"
        aria-label={t({
          message: 'Add to Home Screen steps',
          comment:
            '“Add to Home Screen” is Safari’s menu item: use Safari’s wording in this language',
        })}
      >
        <li>
          <Trans comment="The Share button of Safari on iPhone and iPad; the part in brackets describes its icon">
            Tap the Share button <span aria-hidden="true">(a square with an arrow up)</span> in the
            toolbar.
          </Trans>
        </li>
        <li>
          <Trans comment="“Add to Home Screen” is Safari’s menu item: use Safari’s wording in this language">
            Scroll down and choose “Add to Home Screen”.
          </Trans>
        </li>
        <li>
          <Trans comment="“Add” is the button of Safari’s Add to Home Screen sheet: use Safari’s wording">
            Tap “Add”.
          </Trans>
        </li>
      </ol>
    </>
  )
}
