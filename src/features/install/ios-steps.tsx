/** "Add to Home Screen" steps for iOS, where browsers offer no install prompt. */
import './install.css'

/** Safari's own wording, so the steps match what the holder sees. */
export function IosSteps({ safari }: { safari: boolean }) {
  return (
    <>
      <p className="muted">
        {safari
          ? 'Add IYK Cards to your Home Screen:'
          : 'Open this page in Safari, then add IYK Cards to your Home Screen:'}
      </p>
      <ol className="install-steps" aria-label="Add to Home Screen steps">
        <li>
          Tap the Share button <span aria-hidden="true">(a square with an arrow up)</span> in the
          toolbar.
        </li>
        <li>Scroll down and choose “Add to Home Screen”.</li>
        <li>Tap “Add”.</li>
      </ol>
    </>
  )
}
