/**
 * A build-only Vite plugin that works on the written site: `work` gets the output folder, after
 * every other plugin's handler of the same hook (`writeBundle`: the files are on disk;
 * `closeBundle`: the build, and the PWA plugin's worker, are done).
 */
import { resolve } from 'node:path'
import type { Plugin } from 'vite'

export function outputStep(
  name: string,
  hook: 'writeBundle' | 'closeBundle',
  work: (outDir: string) => Promise<void>,
): Plugin {
  let outDir = ''
  const last = { order: 'post' as const, sequential: true, handler: () => work(outDir) }
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    ...(hook === 'writeBundle' ? { writeBundle: last } : { closeBundle: last }),
  }
}
