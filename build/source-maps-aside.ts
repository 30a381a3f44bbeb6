/**
 * Build plugin: source maps are made (hidden: no `sourceMappingURL` in any script) and written
 * beside the site instead of into it, for the error reporter's upload step; the host never
 * serves them (decision 023).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import type { Plugin } from 'vite'

/** Where the maps of a build into `outDir` go: `dist` → `dist-sourcemaps`, in `dist`'s layout. */
export const sourceMapDir = (outDir: string) => `${resolve(outDir)}-sourcemaps`

/** The parts of an output bundle this plugin reads and takes from. */
export type MappedBundle = Record<
  string,
  { type: 'chunk' } | { type: 'asset'; source: string | Uint8Array }
>

/** Takes every `.map` asset out of `bundle` and returns them, by file name. */
export function takeSourceMaps(bundle: MappedBundle): Map<string, string | Uint8Array> {
  const maps = new Map<string, string | Uint8Array>()
  for (const [name, output] of Object.entries(bundle)) {
    if (output.type !== 'asset' || !name.endsWith('.map')) continue
    maps.set(name, output.source)
    delete bundle[name]
  }
  return maps
}

/**
 * The Vite plugin. `fresh`: this build starts the folder afresh (the page's build does; the
 * service worker's, made after it into the same site, adds its map). Its hook must run after
 * every other plugin that edits maps (the compile hint moves the entry's map by a line).
 */
export function sourceMapsAside({ fresh }: { fresh: boolean }): Plugin {
  let dir = ''
  return {
    name: 'iyk:source-maps-aside',
    apply: 'build',
    configResolved(config) {
      dir = sourceMapDir(resolve(config.root, config.build.outDir))
    },
    async buildStart() {
      if (fresh) await rm(dir, { recursive: true, force: true })
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const maps = takeSourceMaps(bundle as unknown as MappedBundle)
        for (const [name, source] of maps) {
          const file = join(dir, name)
          await mkdir(dirname(file), { recursive: true })
          await writeFile(file, source)
        }
      },
    },
  }
}
