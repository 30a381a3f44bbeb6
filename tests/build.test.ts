/** The production build holds the worker, the manifest (from its single source) and the precache. */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'

const dist = inject('distDir')

describe('production build', () => {
  it('emits manifest.webmanifest from the source file, unchanged in substance', async () => {
    const source = JSON.parse(await readFile('manifest.webmanifest', 'utf8')) as object
    const built = JSON.parse(await readFile(join(dist, 'manifest.webmanifest'), 'utf8')) as object
    expect(built).toMatchObject(source)
  })

  it('emits a service worker whose precache holds the shell and its entry script', async () => {
    const sw = await readFile(join(dist, 'sw.js'), 'utf8')
    const html = await readFile(join(dist, 'index.html'), 'utf8')
    const entry = /<script type="module" crossorigin src="\/([^"]+)"/.exec(html)?.[1]
    expect(entry).toMatch(/^assets\/index-.+\.js$/)
    expect(sw).toContain('"index.html"')
    expect(sw).toContain(`"${entry}"`)
    expect(sw).toContain('"manifest.webmanifest"')
    expect(sw).not.toContain('self.__WB_MANIFEST')
  })

  it('links the manifest from the page', async () => {
    const html = await readFile(join(dist, 'index.html'), 'utf8')
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">')
  })
})
