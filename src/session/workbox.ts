/**
 * The page's Workbox for `/sw.js`, loaded when the page registers its worker (off the start-up
 * path), its script URL made through a Trusted Types policy where the engine enforces them.
 */
import { Workbox } from 'workbox-window'
import { TRUSTED_TYPES_POLICIES } from '../core/trusted-types.ts'

/** What of the Trusted Types API the registration uses (not every engine has it). */
interface ScriptUrlPolicies {
  createPolicy(
    name: string,
    rules: { createScriptURL(url: string): string },
  ): { createScriptURL(url: string): unknown }
}

/**
 * `/sw.js` as a script URL: where the engine enforces Trusted Types, a TrustedScriptURL from the
 * policy that makes nothing else (typed as the string it stands for; workbox-window takes both).
 */
let workerUrl: string | undefined
function workerScriptUrl(): string {
  const policies = (window as { trustedTypes?: ScriptUrlPolicies }).trustedTypes
  workerUrl ??=
    (policies
      ?.createPolicy(TRUSTED_TYPES_POLICIES.worker, { createScriptURL: () => '/sw.js' })
      .createScriptURL('') as string | undefined) ?? '/sw.js'
  return workerUrl
}

/** A Workbox for the app's worker, over the whole site. */
export const newWorkbox = () => new Workbox(workerScriptUrl(), { scope: '/' })
