/** The app start script: the bundles run once the prerendered frame has painted. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TRUSTED_TYPES_POLICIES } from '../src/core/trusted-types.ts'
import { appStartScript } from './app-start.ts'

describe('app start script', () => {
  /**
   * The script elements it adds: the preloaded scripts in order, at the preloads' low priority,
   * each with its preload's integrity where it has one.
   */
  const modules = [
    { src: '/a.js', integrity: 'sha384-a' },
    { src: '/b.js', integrity: '' },
  ].map(({ src, integrity }) => ({
    type: 'module',
    src,
    crossOrigin: '',
    fetchPriority: 'low',
    async: false,
    integrity,
  }))

  /** Runs the start script in a stand-in page; returns what it appended and when. */
  function start(visibilityState: 'visible' | 'hidden') {
    const appended: Record<string, unknown>[] = []
    const frames: (() => void)[] = []
    const timers: (() => void)[] = []
    const document = {
      visibilityState,
      createElement: () => ({
        type: '',
        src: '',
        crossOrigin: null,
        fetchPriority: 'auto',
        async: true,
        integrity: '',
      }),
      // The page's preloads: one with integrity, one without, one of another script.
      querySelectorAll: () => [
        { getAttribute: () => '/a.js', integrity: 'sha384-a' },
        { getAttribute: () => '/b.js', integrity: '' },
        { getAttribute: () => '/c.js', integrity: 'sha384-c' },
      ],
      head: { appendChild: (element: Record<string, unknown>) => void appended.push(element) },
    }
    new Function(
      'document',
      'requestAnimationFrame',
      'setTimeout',
      appStartScript(['/a.js', '/b.js']),
    )(
      document,
      (callback: () => void) => void frames.push(callback),
      (callback: () => void) => void timers.push(callback),
    )
    return { appended, frames, timers }
  }

  it('adds the module scripts in the task after the next frame', () => {
    const { appended, frames, timers } = start('visible')
    expect(appended).toEqual([])
    frames.forEach((frame) => frame())
    expect(appended).toEqual([])
    timers.forEach((timer) => timer())
    expect(appended).toEqual(modules)
  })

  it('adds them at once in a hidden page, which paints no frame', () => {
    expect(start('hidden').appended).toEqual(modules)
  })

  describe('where the engine enforces Trusted Types', () => {
    afterEach(() => vi.unstubAllGlobals())

    it('sets each URL through its own policy, which lets through the page’s scripts alone', () => {
      const policies: { name: string; rules: { createScriptURL(url: string): string } }[] = []
      const trusted = (url: string) => ({ trusted: url })
      vi.stubGlobal('trustedTypes', {
        createPolicy(name: string, rules: { createScriptURL(url: string): string }) {
          policies.push({ name, rules })
          return { createScriptURL: (url: string) => trusted(rules.createScriptURL(url)) }
        },
      })
      const { appended } = start('hidden')
      expect(policies.map((policy) => policy.name)).toEqual([TRUSTED_TYPES_POLICIES.boot])
      expect(appended.map((script) => script.src)).toEqual([trusted('/a.js'), trusted('/b.js')])
      const [policy] = policies
      expect(() => policy?.rules.createScriptURL('/c.js')).toThrow(TypeError)
      expect(() => policy?.rules.createScriptURL('https://evil.example/a.js')).toThrow(TypeError)
    })
  })
})
