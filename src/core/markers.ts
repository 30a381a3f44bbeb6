/**
 * The spec's sign-in rule over its localStorage markers (§4): this browser is marked signed in
 * when its last sign-in is later than its last sign-out. Shared by the app (src/session/markers.ts)
 * and the first-paint script that picks a frame (src/app/frame-choice.ts), which runs it as an
 * inline script: it uses nothing but its parameters.
 */
export function markedSignedIn(signin: string | null, signout: string | null): boolean {
  return Number(signin ?? 0) > Number(signout ?? 0)
}
