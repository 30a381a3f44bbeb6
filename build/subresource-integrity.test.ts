/** Every module script and module preload of the built page carries its file's integrity. */
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { integrityOf, withIntegrity } from './subresource-integrity.ts'

const files: Record<string, string> = { '/assets/a.js': 'a()', '/assets/b.js': 'b()' }
const read = (path: string) => {
  const body = files[path]
  return body === undefined
    ? Promise.reject(new Error(`no ${path}`))
    : Promise.resolve(Buffer.from(body))
}

describe('subresource integrity', () => {
  it('is the SHA-384 of the file, base64', () => {
    expect(integrityOf('a()')).toBe(`sha384-${createHash('sha384').update('a()').digest('base64')}`)
  })

  it('is added to module preloads and module scripts, and to nothing else', async () => {
    const page = [
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/a.js">',
      '<script type="module" crossorigin src="/assets/b.js"></script>',
      '<link rel="stylesheet" href="/assets/s.css">',
      '<script>inline()</script>',
    ].join('\n')
    expect(await withIntegrity(page, read)).toBe(
      [
        `<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/a.js" integrity="${integrityOf('a()')}">`,
        `<script type="module" crossorigin src="/assets/b.js" integrity="${integrityOf('b()')}"></script>`,
        '<link rel="stylesheet" href="/assets/s.css">',
        '<script>inline()</script>',
      ].join('\n'),
    )
  })

  it('leaves a tag that has integrity as it is, and fails on a file the site lacks', async () => {
    const kept = '<link rel="modulepreload" integrity="sha384-x" href="/assets/a.js">'
    expect(await withIntegrity(kept, read)).toBe(kept)
    await expect(
      withIntegrity('<link rel="modulepreload" href="/assets/gone.js">', read),
    ).rejects.toThrow(/gone/)
  })
})
