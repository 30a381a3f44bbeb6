/** The return target is named in words; a path never reaches the page. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { targetName } from './target-name.ts'

describe('targetName', () => {
  it.each([
    ['/account', 'your account'],
    ['/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3', 'the card you tapped'],
    ['/events/123', 'the event you were looking at'],
    ['/somewhere/else', 'the page you were on'],
  ])('names %s as "%s"', (path, name) => {
    expect(targetName(path)).toBe(name)
  })

  it('says nothing for the home page or a target it refuses', () => {
    for (const target of [undefined, '/', 'https://evil.example/account', '//evil.example']) {
      expect(targetName(target)).toBeNull()
    }
  })

  it('never shows a path, whatever the target', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webPath(), fc.string()), (target) => {
        const name = targetName(target)
        expect(name === null || !name.includes('/')).toBe(true)
      }),
    )
  })
})
