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
import { I18nProvider } from '@lingui/react'
import { msg } from '@lingui/core/macro'
import { LOCALES } from '../core/locale.ts'
import { i18n, loadCatalog } from '../shared/i18n.ts'
import { themeToggleLabel } from '../features/theme/theme-toggle.tsx'
import { createAppStore, type AppState } from '../store/app-store.ts'
import { AppStoreProvider } from '../store/use-app-store.tsx'
import type { SessionActions } from '../session/session-client.ts'
import { TapFrame } from '../features/tap/tap-frame.tsx'
import { SignedInHome } from '../routes/-signed-in-home.tsx'
import { createAppRouter } from './router.tsx'
import {
  FRAME_ATTRIBUTE,
  frameChoiceScript,
  frameMarkScript,
  type ShellFrame,
} from './frame-choice.ts'

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
    <I18nProvider i18n={i18n}>
      <AppStoreProvider store={store}>
        <RouterProvider router={router} />
      </AppStoreProvider>
    </I18nProvider>,
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
    <I18nProvider i18n={i18n}>
      <RouterContextProvider router={router}>
        <TapFrame anonymous={anonymous} />
      </RouterContextProvider>
    </I18nProvider>,
  )
}

/**
 * The signed-in list's frame: its skeleton, as the lazily loaded home renders it before the list
 * arrives (rendered here directly: the build's module loader is closed by the time frames render).
 */
function renderListFrame(): string {
  const router = createAppRouter(
    { store: createAppStore(signedIn), session: inertSession },
    { history: createMemoryHistory({ initialEntries: ['/'] }) },
  )
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <RouterContextProvider router={router}>
        <AppStoreProvider store={router.options.context.store}>
          <SignedInHome session={inertSession} />
        </AppStoreProvider>
      </RouterContextProvider>
    </I18nProvider>,
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

/** Every frame's markup in the active language, keyed by frame. */
export async function renderFrames(): Promise<Record<ShellFrame, string>> {
  const blank = await renderRoute('/', {})
  return {
    landing: await renderRoute('/', signedOut),
    // Any signed-in page without a lazily loaded part gives the signed-in frame around the list.
    list: withMain(await renderRoute('/events/frame', signedIn), renderListFrame()),
    'sign-in': await renderRoute('/auth/email', signedOut),
    tap: withMain(blank, renderTapFrame(false)),
    'tap-anonymous': withMain(blank, renderTapFrame(true)),
    blank,
  }
}

/**
 * Every language's messages (English's are in the code), loaded as the app loads them but while
 * this module loads: the build runs it once and closes its loader, so nothing may be loaded later.
 * English first: the frames of the first language are the ones a browser without script shows.
 */
const catalogs = await Promise.all(
  LOCALES.map(async (locale) => ({ locale, messages: await loadCatalog(locale) })),
)

/** What a browser that runs no script at all is told, in every language. */
const NEEDS_JAVASCRIPT = msg`IYK Cards needs JavaScript to show your events.`

/** `text` made safe inside an element. */
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The shell as it goes into the page: every frame in every language, inert, the script that picks
 * one, and the rules that show only the page's language's (the stylesheet has those by kind of
 * frame): each language's frames and its rule come from the same list, so none lacks either.
 */
export async function renderShell(): Promise<{
  html: string
  noscript: string
  headScript: string
  script: string
  css: string
}> {
  let html = ''
  let noscript = ''
  const otherLanguagesHidden: string[] = []
  const lightToggleLabels: Record<string, string> = {}
  for (const { locale, messages } of catalogs) {
    i18n.loadAndActivate({ locale, messages })
    otherLanguagesHidden.push(`html[lang='${locale}'] [${FRAME_ATTRIBUTE}]:not([lang='${locale}'])`)
    lightToggleLabels[locale] = themeToggleLabel('light')
    noscript += `<p lang="${locale}">${escapeHtml(i18n._(NEEDS_JAVASCRIPT))}</p>`
    for (const [frame, markup] of Object.entries(await renderFrames())) {
      html += `<div ${FRAME_ATTRIBUTE}="${frame}" lang="${locale}">${inert(markup)}</div>`
    }
  }
  return {
    html: `<div id="shell">${html}</div>`,
    noscript: `<noscript>${noscript}</noscript>`,
    headScript: frameMarkScript,
    script: frameChoiceScript(lightToggleLabels),
    css: `${otherLanguagesHidden.join(',')}{display:none}`,
  }
}
