/** Page entry: store, router, session connection and the first render. */
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { createAppStore, whenAuthKnown } from '../store/app-store.ts'
import { AppStoreProvider } from '../store/use-app-store.tsx'
import { createAppRouter } from './router.tsx'
import { captureInstallPrompt } from '../features/install/install-prompt.ts'
import { startSession } from './session-wiring.ts'
import { startErrorReporting } from '../shared/error-reporting.ts'
import '../styles.css'

/**
 * One macrotask later. The start-up work comes in a few short tasks rather than one long one, so
 * the browser can handle a tap on the first-paint frame (a link) between them.
 */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

captureInstallPrompt()

const store = createAppStore()
// The session host is asked first: its answer is what the first screen waits for.
const session = startSession(store)
await nextTask()

const router = createAppRouter({ store, session })

// Error reporting loads once the first screen is on the page, outside the initial JavaScript:
// the route has resolved and the session host has answered (until then `/` shows nothing).
const firstRender = Promise.all([
  new Promise<void>((resolve) => {
    const stop = router.subscribe('onResolved', () => {
      stop()
      resolve()
    })
  }),
  whenAuthKnown(store),
])
startErrorReporting({ router, firstRender })

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// The built page paints a prerendered frame of this screen before any JavaScript (prerender.tsx).
// The app renders into `#root` off the page and takes the frame's place once its first screen is
// ready, or after SHELL_PATIENCE_MS whatever it shows: never a blank moment, never two of
// anything on the page at once.
const SHELL_PATIENCE_MS = 5000
const shell = document.getElementById('shell')
if (shell) {
  root.remove()
  const patience = new Promise((resolve) => setTimeout(resolve, SHELL_PATIENCE_MS))
  void Promise.race([firstRender, patience]).then(() => {
    requestAnimationFrame(() => shell.replaceWith(root))
  })
}

await nextTask()

// Off the page, the first render need not be done at once: as a transition, React renders it in
// short slices, yielding to the browser between them.
const reactRoot = createRoot(root)
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <AppStoreProvider store={store}>
        <RouterProvider router={router} />
      </AppStoreProvider>
    </StrictMode>,
  )
})
