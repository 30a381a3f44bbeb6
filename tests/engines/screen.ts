/**
 * What a holder sees and does, over any engine's window: find a button, a link or a field by the
 * name a person reads, click and type with the engine's own input, and wait for what the screen
 * should show, with a deadline that says what it waited for and what the screen showed instead.
 */
import { scaled } from '../support/deadline.ts'
import type { EngineWindow } from './engine.ts'

/** How long a wait lasts unless a journey says otherwise (every wait here is stretched by the run's speed factor). */
export const WAIT_MS = 15_000
const POLL_MS = 100

/** What to look for: a control by its accessible name, a field by its label, or text. */
export interface Query {
  kind: 'button' | 'link' | 'field' | 'heading' | 'text'
  name: string
}

/**
 * Runs in the page: finds the first visible element `query` names (enabled, for a control), marks
 * it and returns a selector for it; null when there is none yet. Names are compared with their
 * white space collapsed; text matches when an element's text contains it.
 */
function locate(query: Query): string | null {
  const normal = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim()
  const visible = (element: Element) => {
    if (element.getClientRects().length === 0) return false
    return getComputedStyle(element).visibility !== 'hidden'
  }
  const selectors = {
    button: 'button, [role="button"], input[type="submit"]',
    link: 'a[href], [role="link"]',
    field: 'input, textarea, select',
    heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
    text: 'body *',
  } as const
  const nameOf = (element: Element): string => {
    const label = element.getAttribute('aria-label')
    if (label) return normal(label)
    if (query.kind === 'field') {
      const labels = (element as HTMLInputElement).labels
      return normal(labels?.[0]?.textContent)
    }
    return normal(element.textContent)
  }
  const wanted = normal(query.name)
  const found = Array.from(document.querySelectorAll(selectors[query.kind])).find((element) => {
    if (!visible(element)) return false
    if (query.kind === 'text') {
      // The innermost element holding the text, so its own box is what is visible.
      const text = normal(element.textContent)
      return (
        text.includes(wanted) &&
        !Array.from(element.children).some((child) => normal(child.textContent).includes(wanted))
      )
    }
    if ((element as HTMLButtonElement).disabled) return false
    return nameOf(element) === wanted
  })
  if (!found) return null
  const marker = String(Math.random()).slice(2)
  found.setAttribute('data-engine-target', marker)
  return `[data-engine-target="${marker}"]`
}

/**
 * What the screen showed when a wait failed: the page's visible text, shortened, and where the
 * page was (its address, load state, its worker's state and the device's markers), so a failure
 * says whether a navigation was under way or never began.
 */
function visibleText(): string {
  const text = (document.body.innerText || '').replace(/\s+/g, ' ').trim().slice(0, 600)
  const worker = navigator.serviceWorker?.controller?.state ?? 'no worker'
  const markers = Object.keys(localStorage).sort().join(', ') || 'none'
  return `${text} [at ${location.pathname}${location.search}, ${document.readyState}, ${worker} in control, markers: ${markers}]`
}

const describeQuery = (query: Query) =>
  query.kind === 'text' ? `the text “${query.name}”` : `the ${query.kind} “${query.name}”`

/** A holder's view of one window. */
export class Screen {
  constructor(
    readonly window: EngineWindow,
    private readonly base: string,
  ) {}

  /**
   * Opens `path` of the app (or a full URL) and waits until the app is live. An engine's load
   * event may come before the app's module has run (Firefox's, for a page its worker serves), and
   * a holder's next step is on the live app: a navigation before then aborts the page's loads,
   * which Firefox reports in the departing page as errors.
   */
  async goto(path: string): Promise<void> {
    await this.window.goto(path.startsWith('http') ? path : this.base + path)
    await this.live()
  }

  /** Reloads, and waits until the app is live. */
  async reload(): Promise<void> {
    await this.window.reload()
    await this.live()
  }

  /** Waits until the live app has taken the place of the prerendered first-paint frame. */
  async live(): Promise<void> {
    await this.until(
      'the app in place of the first-paint frame',
      () => document.getElementById('shell') === null && document.getElementById('root') !== null,
      null,
    )
  }

  /** The path and query shown in the address bar. */
  async location(): Promise<string> {
    const url = new URL(await this.window.url())
    return url.pathname + url.search
  }

  /**
   * Waits until `check` (run in the page with `arg`) returns a value other than false, null or
   * undefined, and returns it; a page between documents counts as "not yet".
   */
  async until<A, R>(
    what: string,
    check: (arg: A) => R | false | null | undefined | Promise<R | false | null | undefined>,
    arg: A,
    timeoutMs = WAIT_MS,
  ): Promise<R> {
    const limit = scaled(timeoutMs)
    const deadline = Date.now() + limit
    let lastError = ''
    for (;;) {
      try {
        const value = await this.window.evaluate(check, arg)
        if (value !== false && value !== null && value !== undefined) return value as R
      } catch (error) {
        lastError = ` (last try: ${String(error).slice(0, 200)})`
      }
      if (Date.now() > deadline) {
        const shown = await this.window.evaluate(visibleText, null).catch(() => '(unreadable)')
        throw new Error(`waited ${limit} ms for ${what}${lastError}; the screen showed: ${shown}`)
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    }
  }

  /** Waits until the path (and query) is `path`. */
  async waitForLocation(path: string, timeoutMs = WAIT_MS): Promise<void> {
    await this.until(
      `the address ${path}`,
      (wanted) => location.pathname + location.search === wanted,
      path,
      timeoutMs,
    )
  }

  /** Waits until what `query` names is shown (and, for a control, enabled). */
  async see(query: Query, timeoutMs = WAIT_MS): Promise<string> {
    return this.until(describeQuery(query), locate, query, timeoutMs)
  }

  /** Whether what `query` names is shown now. */
  async shows(query: Query): Promise<boolean> {
    return (await this.window.evaluate(locate, query)) !== null
  }

  /** Clicks the button named `name` once it is shown and enabled. */
  async press(name: string): Promise<void> {
    await this.window.click(await this.see({ kind: 'button', name }))
  }

  /** Follows the link named `name`. */
  async follow(name: string): Promise<void> {
    await this.window.click(await this.see({ kind: 'link', name }))
  }

  /** Types `text` into the field labelled `label`. */
  async fill(label: string, text: string): Promise<void> {
    await this.window.type(await this.see({ kind: 'field', name: label }), text)
  }

  /**
   * Chooses the option reading `option` in the select labelled `label`, as the engines' own
   * select commands do (puppeteer's `page.select`): the value set, then `input` and `change`.
   */
  async choose(label: string, option: string): Promise<void> {
    const select = await this.see({ kind: 'field', name: label })
    const chosen = await this.window.evaluate(
      ([css, text]) => {
        const field = document.querySelector<HTMLSelectElement>(css)
        const found = Array.from(field?.options ?? []).find((one) => one.text === text)
        if (!field || !found) return false
        field.value = found.value
        field.dispatchEvent(new Event('input', { bubbles: true }))
        field.dispatchEvent(new Event('change', { bubbles: true }))
        return true
      },
      [select, option] as const,
    )
    if (!chosen) throw new Error(`the select “${label}” has no option “${option}”`)
  }

  /** Waits for `text` anywhere on the screen. */
  async waitForText(text: string, timeoutMs = WAIT_MS): Promise<void> {
    await this.see({ kind: 'text', name: text }, timeoutMs)
  }
}
