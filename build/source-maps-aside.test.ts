/** Source maps leave the bundle for a folder beside the site. */
import { describe, expect, it } from 'vitest'
import { sourceMapDir, takeSourceMaps, type MappedBundle } from './source-maps-aside.ts'

describe('source maps aside', () => {
  it('takes every map out of the bundle, scripts and other assets stay', () => {
    const bundle: MappedBundle = {
      'assets/index-abc.js': { type: 'chunk' },
      'assets/index-abc.js.map': { type: 'asset', source: '{"version":3}' },
      'sw.js.map': { type: 'asset', source: new Uint8Array([123, 125]) },
      'assets/logo.svg': { type: 'asset', source: '<svg/>' },
    }
    const maps = takeSourceMaps(bundle)
    expect([...maps.keys()]).toEqual(['assets/index-abc.js.map', 'sw.js.map'])
    expect(maps.get('assets/index-abc.js.map')).toBe('{"version":3}')
    expect(Object.keys(bundle)).toEqual(['assets/index-abc.js', 'assets/logo.svg'])
  })

  it('puts the maps of `dist` in `dist-sourcemaps`, beside it', () => {
    expect(sourceMapDir('/work/app/dist')).toBe('/work/app/dist-sourcemaps')
    expect(sourceMapDir('/work/app/dist/')).toBe('/work/app/dist-sourcemaps')
  })
})
