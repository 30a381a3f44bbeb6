/**
 * The thin driver every engine gives the journeys: a fresh browser profile with windows that can
 * navigate, run a script, click and type natively. Firefox (puppeteer-core over WebDriver BiDi)
 * and WebKitGTK (webdriverio over WebDriver classic) each implement it in a file of their own.
 */

/** One window (a top-level page) of a profile. */
export interface EngineWindow {
  /** Opens `url` and waits for its load event. */
  goto(url: string): Promise<void>
  /** Reloads and waits for the load event. */
  reload(): Promise<void>
  /** The address shown. */
  url(): Promise<string>
  /**
   * Runs `fn(arg)` in the page and returns its result (awaited when a promise). `fn` is sent as
   * source, so it must not close over anything; `arg` and the result must be JSON.
   */
  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>
  /** Clicks the element matching `css` with the engine's own input (pointer events, focus). */
  click(css: string): Promise<void>
  /** Types `text` into the field matching `css` with the engine's own keyboard input. */
  type(css: string, text: string): Promise<void>
  close(): Promise<void>
}

/** A browser with a fresh, empty profile (no worker, no storage) of its own. */
export interface EngineProfile {
  /** A new top-level window of this profile, on `url` (a new window, never a background tab). */
  open(url: string): Promise<EngineWindow>
  /**
   * The console errors and warnings, uncaught errors and content-policy violations the engine saw
   * in this profile's pages since the last call, each as "kind: text".
   */
  problems(): Promise<string[]>
  close(): Promise<void>
}

/** An engine the journeys run in. */
export interface Engine {
  /** As the README and test names say it: "Firefox", "WebKit". */
  name: string
  launch(): Promise<EngineProfile>
  /** Stops what the engine shares between profiles (a driver, a display), after a file's tests. */
  shutdown?(): Promise<void>
}
