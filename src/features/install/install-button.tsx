/** "Install" button, shown only when the browser offers installation. */
import { useInstall } from './use-install.ts'

/** Renders nothing until the browser's install offer arrives. */
export function InstallButton({ className = 'button' }: { className?: string }) {
  const { available, install } = useInstall()
  if (!available) return null
  return (
    <button type="button" className={className} onClick={() => void install()}>
      Install app
    </button>
  )
}
