/**
 * The app start script of a page with prerendered frames. With the frames in the page, the first
 * paint needs no script: the app starts once the frame has been painted (at once in a hidden page,
 * which paints nothing), so its start-up work can never hold the first paint back. Its scripts
 * have been arriving meanwhile (preloaded, at the same low priority: a script that takes over a
 * preload would otherwise raise it to high); they run in the page's order, as Vite wrote them.
 * Written as functions of their parameters and the page's globals only (src/core/inline-script.ts).
 */
import { inlineScript } from '../src/core/inline-script.ts'

/**
 * Adds a module script for each of `sources`, in order, at low priority, each with the integrity
 * its preload in the page carries (the build writes it: build/subresource-integrity.ts).
 */
export function appendModuleScripts(sources: readonly string[]): void {
  for (const source of sources) {
    const script = document.createElement('script')
    script.type = 'module'
    script.crossOrigin = ''
    script.fetchPriority = 'low'
    script.async = false
    for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')) {
      if (link.getAttribute('href') === source && link.integrity) script.integrity = link.integrity
    }
    script.src = source
    document.head.appendChild(script)
  }
}

/** Runs `append(sources)` in the task after the next frame, or at once in a hidden page. */
export function startAfterFirstPaint(
  append: (sources: readonly string[]) => void,
  sources: readonly string[],
): void {
  if (document.visibilityState === 'hidden') append(sources)
  else requestAnimationFrame(() => setTimeout(() => append(sources), 0))
}

/** The script as it goes into the page, for the module scripts `sources`. */
export const appStartScript = (sources: readonly string[]) =>
  inlineScript(startAfterFirstPaint, appendModuleScripts, sources)
