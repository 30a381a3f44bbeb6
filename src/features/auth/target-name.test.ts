/** The return target is named in words; a path never reaches the page. */
import { i18n } from '@lingui/core'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { returnNote } from './target-name.ts'

/** The note for `redirect`, in English (the tests' language). */
const noteFor = (redirect: string | undefined) => {
  const note = returnNote(redirect)
  return note === null ? null : i18n._(note)
}

describe('returnNote', () => {
  it.each([
    ['/account', 'your account'],
    ['/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3', 'the card you tapped'],
    ['/events/123', 'the event you were looking at'],
    ['/somewhere/else', 'the page you were on'],
  ])('names %s as "%s"', (path, name) => {
    expect(noteFor(path)).toBe(`After signing in you will come back to ${name}.`)
  })

  it('says nothing for the home page or a target it refuses', () => {
    for (const target of [undefined, '/', 'https://evil.example/account', '//evil.example']) {
      expect(returnNote(target)).toBeNull()
    }
  })

  // Budget: 1,000 runs, about 1 s alone here, nearly all of it fast-check building `webPath()`
  // (the runs take milliseconds); 60 s holds on a machine 4x slower under a full run's load.
  it('never shows a path, whatever the target', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webPath(), fc.string()), (target) => {
        const note = noteFor(target)
        expect(note === null || !note.includes('/')).toBe(true)
      }),
      { numRuns: 1000 },
    )
  }, 60_000)
})
