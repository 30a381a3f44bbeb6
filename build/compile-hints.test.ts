import { SourceMapConsumer, SourceMapGenerator, type RawSourceMap } from 'source-map-js'
import { describe, expect, it } from 'vitest'
import { addCompileHints, COMPILE_HINT, type HintableBundle } from './compile-hints.ts'

/** A two-line chunk whose `b` (line 2, column 4) comes from line 7, column 2 of src/b.ts. */
function chunkWithMap(fileName: string, isEntry: boolean) {
  const map = new SourceMapGenerator({ file: fileName })
  map.addMapping({
    generated: { line: 2, column: 4 },
    original: { line: 7, column: 2 },
    source: 'src/b.ts',
  })
  return {
    [fileName]: { type: 'chunk' as const, isEntry, fileName, code: 'let a\nlet b = 1\n' },
    [`${fileName}.map`]: { type: 'asset' as const, source: map.toString() },
  }
}

const mapOf = (bundle: HintableBundle, name: string) => {
  const asset = bundle[name]
  if (asset?.type !== 'asset' || typeof asset.source !== 'string') throw new Error('no map')
  return new SourceMapConsumer(JSON.parse(asset.source) as RawSourceMap)
}

describe('addCompileHints', () => {
  it('puts the hint on the first line of an entry chunk and keeps its map exact', () => {
    const bundle: HintableBundle = chunkWithMap('index.js', true)
    addCompileHints(bundle)
    const chunk = bundle['index.js']
    expect(chunk?.type === 'chunk' && chunk.code).toBe(`${COMPILE_HINT}\nlet a\nlet b = 1\n`)
    // `b` is now on line 3 and must still lead back to src/b.ts:7:2.
    expect(mapOf(bundle, 'index.js.map').originalPositionFor({ line: 3, column: 4 })).toMatchObject(
      {
        source: 'src/b.ts',
        line: 7,
        column: 2,
      },
    )
  })

  it('leaves chunks that are not entries alone', () => {
    const bundle: HintableBundle = chunkWithMap('route.js', false)
    addCompileHints(bundle)
    const chunk = bundle['route.js']
    expect(chunk?.type === 'chunk' && chunk.code).toBe('let a\nlet b = 1\n')
    expect(mapOf(bundle, 'route.js.map').originalPositionFor({ line: 2, column: 4 }).line).toBe(7)
  })

  it('hints a chunk once however often it runs, and copes with a binary map or none', () => {
    const bundle: HintableBundle = chunkWithMap('index.js', true)
    const asset = bundle['index.js.map']
    if (asset?.type === 'asset') asset.source = new TextEncoder().encode(String(asset.source))
    bundle['other.js'] = { type: 'chunk', isEntry: true, fileName: 'other.js', code: 'x()' }
    addCompileHints(bundle)
    addCompileHints(bundle)
    const chunk = bundle['index.js']
    expect(chunk?.type === 'chunk' && chunk.code.split(COMPILE_HINT).length).toBe(2)
    expect(mapOf(bundle, 'index.js.map').originalPositionFor({ line: 3, column: 4 }).line).toBe(7)
    const other = bundle['other.js']
    expect(other?.type === 'chunk' && other.code).toBe(`${COMPILE_HINT}\nx()`)
  })
})
