/**
 * The Trusted Types policies the page creates, the only ones its Content Security Policy allows
 * (`trusted-types`, with `require-trusted-types-for 'script'`): where an engine enforces them, no
 * string becomes a script URL or script text except through one of these, and each lets through
 * only the URLs it names.
 */
export const TRUSTED_TYPES_POLICIES = {
  /** The app start script: the module scripts the build listed, nothing else. */
  boot: 'iyk-boot',
  /** The service worker's registration: `/sw.js` alone. */
  worker: 'iyk-worker',
} as const
