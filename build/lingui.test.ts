/** The macros' compilation: English kept in the code, compiled as a catalog would hold it. */
import { describe, expect, it } from 'vitest'
import type { Plugin } from 'vite'
import { existsSync } from 'node:fs'
import { LOCALES, SOURCE_LOCALE } from '../src/core/locale.ts'
import {
  CATALOGS_MODULE,
  catalogsModule,
  linguiCatalogs,
  linguiMacros,
  macroModule,
} from './lingui.ts'

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

  it('compiles a module by the imports it parses, not by text that names a macro module', async () => {
    const imports = async (code: string, id = '/app/src/a.ts') =>
      (await macroModule(id, code)) !== null
    const spread = ['import {', '  t,', "} from '@lingui/core/macro' // the macros", 't`Hi`']
    expect(await imports(spread.join('\n'))).toBe(true)
    expect(await imports("import { i18n } from '@lingui/core'")).toBe(false)
    expect(await imports("// import { t } from '@lingui/core/macro'\nexport {}")).toBe(false)
    expect(await imports('export const note = "from \'@lingui/core/macro\'"')).toBe(false)
    expect(
      await imports("import { t } from '@lingui/core/macro'", '/app/node_modules/x/a.js'),
    ).toBe(false)
    expect(await imports("import { t } from '@lingui/core/macro'", '/app/src/a.css')).toBe(false)
    expect(await transform("export const note = 'see @lingui/core/macro'", '/app/src/b.ts')).toBe(
      undefined,
    )
  })

  it('fails the build on a macro module left to resolve, and lets Vite’s dependency scan by', () => {
    const plugin = linguiMacros()
    const resolve = plugin.resolveId as (
      this: { error(message: string): never },
      source: string,
      importer: string | undefined,
      options: Record<string, unknown>,
    ) => unknown
    const context = {
      error(message: string): never {
        throw new Error(message)
      },
    }
    expect(() =>
      resolve.call(context, '@lingui/react/macro', '/app/node_modules/x/a.js', {}),
    ).toThrow('/app/node_modules/x/a.js imports @lingui/react/macro, and its macros were not')
    expect(resolve.call(context, '@lingui/core/macro', '/app/src/a.ts', { scan: true })).toBeNull()
    expect(resolve.call(context, '@lingui/core', '/app/src/a.ts', {})).toBeNull()
  })
})

describe('the catalogs module', () => {
  it('loads each language of a list from its PO file, but the source', () => {
    const code = catalogsModule(['en', 'es', 'pt-BR', 'xx'], 'en', '/app/src/locales/')
    expect(code).toBe(
      [
        'export default {',
        '  "es": () => import("/app/src/locales/es.po"),',
        '  "pt-BR": () => import("/app/src/locales/pt-BR.po"),',
        '  "xx": () => import("/app/src/locales/xx.po"),',
        '}',
        '',
      ].join('\n'),
    )
  })

  it('is written from the app’s languages, each loader naming a catalog that exists', () => {
    const plugin = linguiCatalogs().find((one) => one.name === 'iyk:catalogs-module')
    const resolveId = plugin?.resolveId as (source: string) => string | null
    const load = plugin?.load as (id: string) => string | null
    const id = resolveId(CATALOGS_MODULE)
    expect(resolveId('virtual:other')).toBeNull()
    expect(id).not.toBeNull()
    const code = load(id ?? '') ?? ''
    const loaded = [...code.matchAll(/"([^"]+)": \(\) => import\("([^"]+)"\)/g)]
    expect(loaded.map(([, locale]) => locale)).toEqual(
      LOCALES.filter((locale) => locale !== SOURCE_LOCALE),
    )
    for (const [, locale, file] of loaded) {
      expect(file, locale).toMatch(new RegExp(`/src/locales/${locale}\\.po$`))
      expect(existsSync(file ?? ''), file).toBe(true)
    }
  })
})
