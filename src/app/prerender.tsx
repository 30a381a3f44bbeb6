/**
 * First paint without JavaScript: the app's own routes rendered to static HTML at build time
 * (build/page-shell.ts runs this module in node through Vite's module runner). The page gets one
 * frame per kind of first screen (the landing page, the signed-in list's skeleton, the sign-in
 * form, the tap page, and a bare frame for the rest) and a tiny inline script that keeps the one
 * this visit needs before anything paints. Every control in a frame is disabled: until the app
 * takes over, only plain links work, so nothing typed can be lost. `main.tsx` swaps the frame for
 * the live app once its first screen is ready (see docs/decisions/011-prerendered-frames.md).
 */
import { prerender } from 'react-dom/static'
import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryHistory, RouterContextProvider, RouterProvider } from '@tanstack/react-router'
import { SIGNIN_EVENT_KEY, SIGNOUT_EVENT_KEY } from '../core/constants.ts'
import { createAppStore, type AppState } from '../store/app-store.ts'
import { AppStoreProvider } from '../store/use-app-store.tsx'
import type { SessionActions } from '../session/session-client.ts'
import { TapFrame } from '../features/tap/tap-frame.tsx'
import { TAP_SIGN_IN_ATTRIBUTE } from '../features/tap/tap-outcome.tsx'
import { THEME_TOGGLE_ATTRIBUTE, themeToggleLabel } from '../features/theme/theme-toggle.tsx'
import { createAppRouter } from './router.tsx'

/** The kinds of first screen, each a frame in the page. */
export type ShellFrame = 'landing' | 'list' | 'sign-in' | 'tap' | 'tap-anonymous' | 'blank'

/** Attribute naming a frame in the page; the element with id `shell` holds them all. */
export const FRAME_ATTRIBUTE = 'data-shell-frame'

/** Nothing happens in a frame: the live app does the work once it has taken over. */
const inertSession: SessionActions = {
  handoff: () => Promise.resolve(),
  refresh: () => {},
  tap: () => {},
  signOut: () => Promise.resolve(),
  account: () => Promise.resolve({ ok: false, failure: { kind: 'unreachable' } }),
}

const signedOut: Pick<AppState, 'auth'> = {
  auth: { status: 'anonymous', signedOutReason: null },
}
// The frame knows no holder: the screens it renders show none of these.
const signedIn: Pick<AppState, 'auth'> = {
  auth: { status: 'signed-in', holder: { email: null, phone: null, expiresAt: 0 } },
}

/** The app at `path` with `state`, as the first render in a browser would show it. */
async function renderRoute(path: string, state: Partial<AppState>): Promise<string> {
  const store = createAppStore(state)
  const router = createAppRouter(
    { store, session: inertSession },
    { history: createMemoryHistory({ initialEntries: [path] }) },
  )
  await router.load()
  const errors: unknown[] = []
  const { prelude } = await prerender(
    <AppStoreProvider store={store}>
      <RouterProvider router={router} />
    </AppStoreProvider>,
    { onError: (error) => void errors.push(error) },
  )
  // A screen that cannot render without a browser would paint as nothing: fail the build instead.
  if (errors.length > 0) throw new Error(`Prerendering ${path} failed`, { cause: errors[0] })
  return new Response(prelude).text()
}

/** The tap page's frame (its links the router's, as in the app), as markup. */
function renderTapFrame(anonymous: boolean): string {
  const router = createAppRouter(
    // The frame reads nothing from the store; the router's context needs one.
    { store: createAppStore(), session: inertSession },
    { history: createMemoryHistory({ initialEntries: ['/tap'] }) },
  )
  return renderToStaticMarkup(
    <RouterContextProvider router={router}>
      <TapFrame anonymous={anonymous} />
    </RouterContextProvider>,
  )
}

/** `page` with the content of its `<main>` replaced by `content`. */
function withMain(page: string, content: string): string {
  return page.replace(/(<main\b[^>]*>)[\s\S]*(<\/main>)/, (_, open: string, close: string) => {
    return open + content + close
  })
}

/**
 * Controls are disabled until the app takes over (links keep working as plain links), and the
 * router's own inline scripts (scroll restoration) are left out: the page allows no inline script
 * but its own hashed ones, and the live app restores scroll itself.
 */
const inert = (html: string) =>
  html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<(input|button|select|textarea)\b(?![^>]*\bdisabled\b)/g, '<$1 disabled=""')

/**
 * Which frame a visit needs: by path, and for `/` and `/tap` by the spec's sign-in and sign-out
 * markers. The anonymous tap frame's sign-in link gets this visit's tap, as the app's would. The
 * frames are rendered in the dark theme: on a light page the theme switch is named for it (its
 * icon follows the theme by the stylesheet).
 */
export const frameChoiceScript = `(function(){var p=location.pathname,s=0,o=0,f,a,l;try{s=+localStorage.getItem(${JSON.stringify(
  SIGNIN_EVENT_KEY,
)})||0;o=+localStorage.getItem(${JSON.stringify(
  SIGNOUT_EVENT_KEY,
)})||0}catch(e){}f=p==="/"?(s>o?"list":"landing"):p==="/auth/email"?"sign-in":p==="/tap"?(s>o?"tap":"tap-anonymous"):"blank";var n=document.querySelectorAll("[${FRAME_ATTRIBUTE}]");for(var i=0;i<n.length;i++)if(n[i].getAttribute("${FRAME_ATTRIBUTE}")!==f)n[i].remove();a=document.querySelector("[${TAP_SIGN_IN_ATTRIBUTE}]");if(a)a.href="/auth/email?redirect="+encodeURIComponent("/tap"+location.search);if(document.documentElement.dataset.theme==="light"){n=document.querySelectorAll("[${THEME_TOGGLE_ATTRIBUTE}]");l=${JSON.stringify(
  themeToggleLabel('light'),
)};for(i=0;i<n.length;i++){n[i].setAttribute("aria-label",l);n[i].title=l}}})()`

/** Every frame's markup, keyed by frame. */
export async function renderFrames(): Promise<Record<ShellFrame, string>> {
  const blank = await renderRoute('/', {})
  return {
    landing: await renderRoute('/', signedOut),
    list: await renderRoute('/', signedIn),
    'sign-in': await renderRoute('/auth/email', signedOut),
    tap: withMain(blank, renderTapFrame(false)),
    'tap-anonymous': withMain(blank, renderTapFrame(true)),
    blank,
  }
}

/** The shell as it goes into the page: every frame, inert, and the script that picks one. */
export async function renderShell(): Promise<{ html: string; script: string }> {
  const frames = await renderFrames()
  const html = Object.entries(frames)
    .map(([frame, markup]) => `<div ${FRAME_ATTRIBUTE}="${frame}">${inert(markup)}</div>`)
    .join('')
  return { html: `<div id="shell">${html}</div>`, script: frameChoiceScript }
}
