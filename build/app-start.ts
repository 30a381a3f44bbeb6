/**
 * The app start script of a page with prerendered frames. With the frames in the page, the first
 * paint needs no script: the app starts once the frame has been painted (at once in a hidden page,
 * which paints nothing), so its start-up work can never hold the first paint back. Its scripts
 * have been arriving meanwhile (preloaded, at the same low priority: a script that takes over a
 * preload would otherwise raise it to high); they run in the page's order, as Vite wrote them.
 * Written as functions of their parameters and the page's globals only (src/core/inline-script.ts).
 */
import { inlineScript } from '../src/core/inline-script.ts'
import { TRUSTED_TYPES_POLICIES } from '../src/core/trusted-types.ts'

/** What of the Trusted Types API the start script uses (not every engine has it). */
interface TrustedTypesFactory {
  createPolicy(
    name: string,
    rules: { createScriptURL(url: string): string },
  ): { createScriptURL(url: string): unknown }
}

/**
 * Adds a module script for each of `sources`, in order, at low priority, each with the integrity
 * its preload in the page carries (the build writes it: build/subresource-integrity.ts). Where the
 * engine enforces Trusted Types, their URLs go through the policy `policyName`, which lets through
 * these sources and nothing else.
 */
export function appendModuleScripts(sources: readonly string[], policyName: string): void {
  const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes
  const policy = factory?.createPolicy(policyName, {
    createScriptURL(url: string) {
      if (sources.indexOf(url) === -1) throw new TypeError('Not a script of this page: ' + url)
      return url
    },
  })
  for (const source of sources) {
    const script = document.createElement('script')
    script.type = 'module'
    script.crossOrigin = ''
    script.fetchPriority = 'low'
    script.async = false
    for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')) {
      if (link.getAttribute('href') === source && link.integrity) script.integrity = link.integrity
    }
    script.src = (policy ? policy.createScriptURL(source) : source) as string
    document.head.appendChild(script)
  }
}

/** Runs `append(...args)` in the task after the next frame, or at once in a hidden page. */
export function startAfterFirstPaint(
  append: (sources: readonly string[], policyName: string) => void,
  sources: readonly string[],
  policyName: string,
): void {
  if (document.visibilityState === 'hidden') append(sources, policyName)
  else requestAnimationFrame(() => setTimeout(() => append(sources, policyName), 0))
}

/** The script as it goes into the page, for the module scripts `sources`. */
export const appStartScript = (sources: readonly string[]) =>
  inlineScript(startAfterFirstPaint, appendModuleScripts, sources, TRUSTED_TYPES_POLICIES.boot)
