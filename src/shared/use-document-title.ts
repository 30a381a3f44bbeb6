/** The document's title for a screen: its name before the app's, in the holder's language. */
import { useEffect } from 'react'

/** The product name: a brand, the same in every language. */
const APP_NAME = 'IYK Cards'

/** Names the tab (and the history entry) after the screen: `title · IYK Cards`, or the app alone. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title === null ? APP_NAME : `${title} · ${APP_NAME}`
  }, [title])
}
