/**
 * Build plugin: marks the start-up chunk for eager compilation (V8's explicit compile hints).
 *
 * Chromium compiles a script's functions lazily, on the main thread, the first time each is called.
 * Nearly everything in the start-up chunk is called while the app starts, so that is main-thread
 * work during start-up. With the magic comment on the chunk's first line, V8 compiles the whole
 * chunk on its streaming thread while it downloads instead (decision 016). Other browsers read
 * it as a comment.
 */
import type { Plugin } from 'vite'

/** V8's magic comment: every function in this file is called on load. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad'

/** The parts of an output bundle this plugin reads and changes. */
export type HintableBundle = Record<
  string,
  | { type: 'chunk'; isEntry: boolean; fileName: string; code: string }
  | { type: 'asset'; source: string | Uint8Array }
>

/**
 * Puts the hint on the first line of every entry chunk in `bundle` (the comment only counts
 * there) and moves the chunk's source map down by the line it adds: each `;` in `mappings`
 * starts the next generated line.
 */
export function addCompileHints(bundle: HintableBundle): void {
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk' || !output.isEntry || output.code.startsWith(COMPILE_HINT)) continue
    output.code = `${COMPILE_HINT}\n${output.code}`
    const map = bundle[`${output.fileName}.map`]
    if (map?.type !== 'asset') continue
    const json = JSON.parse(
      typeof map.source === 'string' ? map.source : new TextDecoder().decode(map.source),
    ) as { mappings: string }
    json.mappings = `;${json.mappings}`
    map.source = JSON.stringify(json)
  }
}

/**
 * Vite plugin: hints every entry chunk of the page build. Its hook runs after every other
 * plugin's, once Vite has put its own preamble (the dynamic-import map) at the top of the chunk.
 */
export function compileHints(): Plugin {
  return {
    name: 'iyk:compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        addCompileHints(bundle as unknown as HintableBundle)
      },
    },
  }
}
