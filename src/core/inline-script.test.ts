import { describe, expect, it } from 'vitest'
import { inlineScript } from './inline-script.ts'

/** Runs `script` as the page would, with `globals` as the page's globals. */
function run(script: string, globals: Record<string, unknown> = {}): void {
  new Function(...Object.keys(globals), script)(...Object.values(globals))
}

describe('inline script', () => {
  it('calls the function with its arguments as JSON, in the page', () => {
    // `out` is the page's global here: the script is run with one of that name.
    const out: unknown[] = []
    function record(text: string, count: number, list: readonly string[], named: { on: boolean }) {
      out.push([text, count, list, named])
    }
    const script = inlineScript(record, 'a "quoted" text', 3, ['x', 'y'], { on: true })
    expect(script).toBe(`(${record.toString()})("a \\"quoted\\" text",3,["x","y"],{"on":true})`)
    const page: unknown[] = []
    run(script, { out: page })
    expect(page).toEqual([['a "quoted" text', 3, ['x', 'y'], { on: true }]])
    expect(out).toEqual([])
  })

  it('passes a function argument by its source, so the page runs the same rule', () => {
    function twice(n: number): number {
      return n * 2
    }
    function apply(rule: (n: number) => number, n: number) {
      out.push(rule(n))
    }
    const out: number[] = []
    run(inlineScript(apply, twice, 21), { out })
    expect(out).toEqual([42])
  })

  it('refuses what the page could not run: a transpiler helper, an arrow, undefined', () => {
    // What esbuild's keepNames makes of an inner named function.
    const withHelper = new Function(
      'return function boot() { const f = __name(() => 1, "f"); f() }',
    )() as () => void
    expect(() => inlineScript(withHelper)).toThrow(/boot calls __name\(\), a helper/)
    expect(() => inlineScript((() => {}) as () => void)).toThrow(/function declaration/)
    const takesAnything = function takesAnything(_: unknown) {}
    expect(() => inlineScript(takesAnything, undefined as unknown as null)).toThrow(/JSON/)
  })

  it('refuses what would end its script element early or open a comment', () => {
    function show(_: string) {}
    expect(() => inlineScript(show, '</script><script>alert(1)')).toThrow(/script element/)
    expect(() => inlineScript(show, '</SCRIPT >')).toThrow(/script element/)
    expect(() => inlineScript(show, '<!--')).toThrow(/script element/)
    expect(inlineScript(show, '<b>&amp;</b>')).toContain('"<b>&amp;</b>"')
  })
})
