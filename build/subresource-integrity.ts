/**
 * Build plugin: every script and module preload the built page names carries the `integrity` of
 * the file as written (SHA-384), so a script changed anywhere between the build and the holder is
 * refused. The app start script gives the scripts it adds the same integrity as their preloads.
 */
import { createHash } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Plugin } from 'vite'
import { outputStep } from './output-step.ts'

/** A file's integrity metadata, as an `integrity` attribute takes it. */
export const integrityOf = (body: Buffer | string) =>
  `sha384-${createHash('sha384').update(body).digest('base64')}`

/** A module script or module preload tag that names a same-site file and has no integrity yet. */
const TAG =
  /<(?:link\b[^>]*\brel="modulepreload"[^>]*\bhref|script\b[^>]*\btype="module"[^>]*\bsrc)="(\/[^"]+)"[^>]*>/g

/**
 * `page` with `integrity` added to each module script and module preload that names a file of the
 * site and has none; `read` gives a site path's contents.
 */
export async function withIntegrity(
  page: string,
  read: (path: string) => Promise<Buffer>,
): Promise<string> {
  const tags = [...page.matchAll(TAG)].filter(([tag]) => !/\bintegrity=/.test(tag))
  let result = page
  for (const [tag, path = ''] of tags) {
    const integrity = integrityOf(await read(path))
    result = result.replace(tag, () => tag.replace(/\s*\/?>$/, ` integrity="${integrity}">`))
  }
  return result
}

/** The Vite plugin: the page is rewritten once every file is on disk, before the worker's build. */
export function subresourceIntegrity(): Plugin {
  return outputStep('iyk:subresource-integrity', 'writeBundle', async (outDir) => {
    const file = join(outDir, 'index.html')
    const page = await readFile(file, 'utf8')
    await writeFile(file, await withIntegrity(page, (path) => readFile(join(outDir, path))))
  })
}
