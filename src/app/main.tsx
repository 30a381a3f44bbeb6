/** Page entry: store, router, session connection and the first render. */
import { StrictMode, startTransition, useLayoutEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { I18nProvider } from '@lingui/react'
import { createAppStore, whenAuthKnown } from '../store/app-store.ts'
import { AppStoreProvider } from '../store/use-app-store.tsx'
import { createAppRouter } from './router.tsx'
import { captureInstallPrompt } from '../features/install/install-prompt.ts'
import { startSession } from './session-wiring.ts'
import { startErrorReporting } from '../shared/error-reporting.ts'
import { i18n } from '../shared/i18n.ts'
import { startInDeviceLocale } from '../features/language/device-locale.ts'
import { signedInMarked } from '../session/markers.ts'
import { SignedInHome } from '../routes/-signed-in-home-lazy.ts'
import { pagePorts, reloadOnStaleChunk } from './stale-chunks.ts'
import '../styles.css'

/**
 * One macrotask later. The start-up work comes in a few short tasks rather than one long one, so
 * the browser can handle a tap on the first-paint frame (a link) between them.
 */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

/** Calls `onCommit` once React has put the tree around it on the page. */
function Committed({ onCommit }: { onCommit: () => void }) {
  useLayoutEffect(onCommit, [onCommit])
  return null
}

/**
 * Starts the app. Not top-level code: the route modules the router loads import this chunk, and
 * a module still evaluating (as one with a top-level await would be until its last line) makes
 * every module that imports it wait, so the router could never load before the first render.
 */
async function start(): Promise<void> {
  captureInstallPrompt()
  // A tab of a release the host has replaced reloads onto the new one when a chunk is gone.
  reloadOnStaleChunk(pagePorts())
  // The language's catalog was preloaded beside this chunk by the boot script.
  const catalog = startInDeviceLocale()
  // A browser marked signed in opens on its holder's list: its code comes beside the rest.
  if (signedInMarked()) SignedInHome.preload()

  let committed: () => void = () => {}
  const firstRender = new Promise<void>((resolve) => {
    committed = resolve
  })

  const store = createAppStore()
  // The session host is asked first: its answer is what the first screen waits for.
  const { actions: session } = startSession(store, { firstScreen: firstRender })
  // Nothing can say anything without its catalog (a route's title neither): the router waits.
  await Promise.all([catalog, nextTask()])

  const router = createAppRouter({ store, session })
  // Error reporting loads once the first screen is on the page, outside the initial JavaScript.
  startErrorReporting({ router, firstRender })

  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root element')

  // The built page paints a prerendered frame of this screen before any JavaScript (prerender.tsx).
  // The app renders into `#root` off the page and takes the frame's place once its first screen is
  // on it, or after SHELL_PATIENCE_MS whatever it shows: never a blank moment, never two of
  // anything on the page at once.
  const SHELL_PATIENCE_MS = 5000
  const patience = new Promise((resolve) => setTimeout(resolve, SHELL_PATIENCE_MS))
  const shell = document.getElementById('shell')
  if (shell) {
    root.remove()
    void Promise.race([firstRender, patience]).then(() => {
      requestAnimationFrame(() => shell.replaceWith(root))
    })
  }

  // Building the router and loading its route are two tasks: each compiles and runs a good part
  // of the router's code the first time.
  await nextTask()

  // React's first render is of the finished screen in the holder's language: its catalog in, the
  // route resolved (its code loaded) and the session host's first answer in. A change to either after the first render would re-render
  // synchronously (the router and the store are external stores), in one long task; before it,
  // the whole first render is one transition, which React renders in short slices. A host that
  // does not answer in time (a stuck registration) does not hold the app: it renders anyway.
  const loaded = router.load().catch((error: unknown) => console.error(error))
  await Promise.race([Promise.all([loaded, whenAuthKnown(store)]), patience])
  // The home route could not know yet that its holder is signed in: its list's code is in before
  // the first render, so the first render is the list, not a pause for it.
  if (store.getState().auth.status === 'signed-in' && router.state.location.pathname === '/') {
    await Promise.race([SignedInHome.load().catch(() => {}), patience])
  }
  await nextTask()

  const reactRoot = createRoot(root)
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <AppStoreProvider store={store}>
            <RouterProvider router={router} />
            <Committed onCommit={committed} />
          </AppStoreProvider>
        </I18nProvider>
      </StrictMode>,
    )
  })
}

void start()
