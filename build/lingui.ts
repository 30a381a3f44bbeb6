/**
 * Lingui in Vite (decision 035). Our plugin compiles Lingui's macros (`t`, `msg`, `plural`,
 * `<Trans>`) into calls of its runtime, with Babel and Lingui's macro plugin, on the app's modules
 * that import a macro; the React plugin runs no Babel, and the Babel plugins made for Vite need a
 * newer Node than ours. Each English message stays in the code, compiled as a catalog holds it, so
 * English needs no catalog and each chunk carries its own English text. Type syntax and JSX are
 * kept for Vite's own transform after it. Lingui's plugin compiles an imported PO catalog, and
 * ours writes the module that loads each language's (`virtual:catalogs`) from the list of languages.
 */
import {
  parseAsync,
  transformFromAstAsync,
  types,
  type ParseResult,
  type PluginObj,
} from '@babel/core'
import linguiMacro from '@lingui/babel-plugin-lingui-macro'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { lingui } from '@lingui/vite-plugin'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { LOCALES, SOURCE_LOCALE } from '../src/core/locale.ts'

/** The modules a macro can be imported from (Lingui's defaults). */
export const MACRO_MODULES: readonly string[] = ['@lingui/core/macro', '@lingui/react/macro']

/** A module of the app's own, by its id (which may carry a query, as a split route's does). */
const APP_MODULE = /^(?!.*\/node_modules\/).*\.[cm]?[jt]sx?$/

/** The Babel options for `filename`: its own name, no configuration files, source maps. */
const babelOptions = (filename: string) => ({
  filename,
  babelrc: false,
  configFile: false,
  sourceMaps: true,
})

/**
 * The module `code` parsed, if it imports a macro: its imports as Babel reads them decide, not
 * the text (a comment or a string naming a macro module imports nothing). Null when it imports
 * none; only modules that name a macro module somewhere are parsed at all.
 */
export async function macroModule(id: string, code: string): Promise<ParseResult | null> {
  const filename = id.split('?')[0] ?? id
  if (!APP_MODULE.test(filename) || !MACRO_MODULES.some((name) => code.includes(name))) {
    return null
  }
  const ast = await parseAsync(code, {
    ...babelOptions(filename),
    parserOpts: { plugins: /x$/.test(filename) ? ['typescript', 'jsx'] : ['typescript'] },
  })
  const imports = ast?.program.body.some(
    (statement) =>
      types.isImportDeclaration(statement) && MACRO_MODULES.includes(statement.source.value),
  )
  return imports === true ? ast : null
}

/** The English text of a message, compiled as Lingui compiles a catalog's, as a literal. */
const compiled = (text: string) => types.valueToNode(compileMessage(text))

/**
 * Babel plugin, run on the macros' output: the `message` they left as text in each descriptor
 * they wrote (`<Trans>` takes one spread) compiled. Lingui's runtime takes a compiled message
 * where it takes text, and shows it when the active catalog has none for its id, as English's
 * has none.
 */
export function compiledSourceMessages(): PluginObj {
  return {
    visitor: {
      ObjectExpression(path) {
        // The macros mark each descriptor they write with an `i18n` comment.
        const marked = path.node.leadingComments?.some((comment) => comment.value === 'i18n')
        if (!marked) return
        for (const property of path.node.properties) {
          if (
            types.isObjectProperty(property) &&
            types.isIdentifier(property.key, { name: 'message' }) &&
            types.isStringLiteral(property.value)
          ) {
            property.value = compiled(property.value.value)
          }
        }
      },
    },
  }
}

/**
 * The plugin compiling the macros in the app's modules that import one, and failing the build on
 * a macro module left to resolve (its import was not compiled away): it would throw in the page.
 * Vite's dependency scan resolves imports before any transform, so it is let through.
 */
export function linguiMacros(): Plugin {
  return {
    name: 'iyk:lingui-macros',
    enforce: 'pre',
    resolveId(source, importer, options) {
      // Vite marks its dependency scan's calls `scan` (Rollup's hook type does not name it).
      const scanning = (options as { scan?: boolean }).scan === true
      if (!MACRO_MODULES.includes(source) || scanning) return null
      this.error(
        `${importer ?? 'A module'} imports ${source}, and its macros were not compiled: ` +
          'only the app’s own .ts/.tsx modules are (build/lingui.ts).',
      )
    },
    async transform(code, id) {
      const ast = await macroModule(id, code)
      if (ast === null) return undefined
      const options = babelOptions(id.split('?')[0] ?? id)
      // The English text kept (`stripMessageField`: false), then compiled in a pass of its own:
      // only what the macros wrote is there to find.
      const expanded = await transformFromAstAsync(ast, code, {
        ...options,
        ast: true,
        code: false,
        plugins: [[linguiMacro, { stripMessageField: false }]],
      })
      if (!expanded?.ast) throw new Error(`Lingui's macros gave nothing for ${id}`)
      const result = await transformFromAstAsync(expanded.ast, code, {
        ...options,
        plugins: [compiledSourceMessages],
      })
      if (result?.code == null) throw new Error(`Lingui's macros gave nothing for ${id}`)
      return { code: result.code, map: result.map }
    },
  }
}

/** The module that loads the catalogs, as the app imports it (src/shared/i18n.ts). */
export const CATALOGS_MODULE = 'virtual:catalogs'

/** Where the catalogs are: `src/locales/<language>.po`. */
const CATALOGS_DIR = fileURLToPath(new URL('../src/locales/', import.meta.url))

/**
 * The catalogs' module for `locales`: each language's loader by its tag, a dynamic import of its
 * PO file (so its own chunk), but the `source` language's, whose messages are in the code.
 */
export function catalogsModule(
  locales: readonly string[],
  source: string,
  dir = CATALOGS_DIR,
): string {
  const loaders = locales
    .filter((locale) => locale !== source)
    .map(
      (locale) =>
        `  ${JSON.stringify(locale)}: () => import(${JSON.stringify(dir + locale + '.po')}),`,
    )
  return `export default {\n${loaders.join('\n')}\n}\n`
}

/**
 * Lingui's plugin compiling each imported PO catalog, the build failing on a message that does not
 * compile, and the catalogs' module written from the app's languages (src/core/locale.ts): a
 * language added to that list is loaded from its PO file with nothing else to change. Without
 * Lingui's guard against a macro left uncompiled, which fails Vite's dependency scan (it reads the
 * modules before any transform): `linguiMacros` guards instead.
 */
export function linguiCatalogs(): Plugin[] {
  const resolved = `\0${CATALOGS_MODULE}`
  return [
    ...lingui({ failOnCompileError: true }).filter(
      (plugin) => plugin.name !== 'vite-plugin-lingui-report-macro-error',
    ),
    {
      name: 'iyk:catalogs-module',
      resolveId: (source) => (source === CATALOGS_MODULE ? resolved : null),
      load: (id) => (id === resolved ? catalogsModule(LOCALES, SOURCE_LOCALE) : null),
    },
  ]
}
