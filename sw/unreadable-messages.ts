/**
 * A window whose message this worker cannot read runs another release, one that speaks another
 * version of the tabs' protocol (a tab opened before this worker took over): it is told to reload,
 * by navigating it to where it is, onto the release this worker serves. Once per window, so a
 * page that still cannot speak to it is never reloaded again and again.
 */

const told = new Set<string>()

/** Reloads `source` (once per window) if it is a window this worker controls. */
export function reloadUnreadableWindow(source: Client | ServiceWorker | MessagePort | null): void {
  if (!source || !('type' in source) || source.type !== 'window' || told.has(source.id)) return
  told.add(source.id)
  void (source as WindowClient).navigate(source.url).catch(() => {
    // Not this worker's to navigate (not controlled by it): its next load finds this release.
  })
}
