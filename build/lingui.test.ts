/** The macros' compilation: English kept in the code, compiled as a catalog would hold it. */
import { describe, expect, it } from 'vitest'
import type { Plugin } from 'vite'
import { linguiMacros, usesMacros } from './lingui.ts'

/** Runs the plugin's transform on `code` as module `id`; its output, or undefined when it skips. */
async function transform(code: string, id: string): Promise<string | undefined> {
  const plugin: Plugin = linguiMacros()
  const hook = plugin.transform as (
    code: string,
    id: string,
  ) => Promise<{ code: string } | undefined>
  return (await hook.call({}, code, id))?.code
}

describe('lingui macros', () => {
  it('compiles a module that imports a macro, keeping its types for the transform after it', async () => {
    const code = [
      "import { t } from '@lingui/core/macro'",
      'export const saved = (count: number): string => t`${count} card taps are saved`',
    ].join('\n')
    const out = await transform(code, '/app/src/features/x.ts')
    expect(out).toContain('(count: number): string')
    expect(out).not.toContain('@lingui/core/macro')
    expect(out).toMatch(/message: \[\s*\["count"\],\s*" card taps are saved"\s*\]/)
  })

  it('compiles <Trans> in TSX, in a split route module too', async () => {
    const code = [
      "import { Trans } from '@lingui/react/macro'",
      'export const Hi = ({ name }: { name: string }) => <p><Trans>Hello <b>{name}</b></Trans></p>',
    ].join('\n')
    const out = await transform(code, '/app/src/features/hi.tsx?tsr-split=component')
    expect(out).toMatch(/message: \[\s*"Hello <0>",\s*\["name"\],\s*"<\/0>"\s*\]/)
  })

  it("leaves the app's own objects with an id and a message as they were", async () => {
    const code = [
      "import { msg } from '@lingui/core/macro'",
      "export const own = { id: 'a', message: 'b {c}' }",
      'export const ours = msg`Saved`',
    ].join('\n')
    const out = await transform(code, '/app/src/y.ts')
    expect(out).toContain("message: 'b {c}'")
    expect(out).toMatch(/message: \[\s*"Saved"\s*\]/)
  })

  it('skips modules without a macro, and dependencies', () => {
    expect(usesMacros('/app/src/a.ts', "import { i18n } from '@lingui/core'")).toBe(false)
    expect(usesMacros('/app/node_modules/x/a.js', "import { t } from '@lingui/core/macro'")).toBe(
      false,
    )
    expect(usesMacros('/app/src/a.css', "import { t } from '@lingui/core/macro'")).toBe(false)
  })
})
