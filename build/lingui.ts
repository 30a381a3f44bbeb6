/**
 * Lingui in Vite (decision 035). Our plugin compiles Lingui's macros (`t`, `msg`, `plural`,
 * `<Trans>`) into calls of its runtime, with Babel and Lingui's macro plugin, on the app's modules
 * that import a macro; the React plugin runs no Babel, and the Babel plugins made for Vite need a
 * newer Node than ours. Each English message stays in the code, compiled as a catalog holds it, so
 * English needs no catalog and each chunk carries its own English text. Type syntax and JSX are
 * kept for Vite's own transform after it. And Lingui's plugin compiles an imported PO catalog.
 */
import { transformAsync, transformFromAstAsync, types, type PluginObj } from '@babel/core'
import linguiMacro from '@lingui/babel-plugin-lingui-macro'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { lingui } from '@lingui/vite-plugin'
import type { Plugin } from 'vite'

/** The modules a macro can be imported from (Lingui's defaults). */
const MACRO_IMPORT = /from\s+['"]@lingui\/(?:core|react)\/macro['"]/

/** A module of the app's own, by its id (which may carry a query, as a split route's does). */
const APP_MODULE = /^(?!.*\/node_modules\/).*\.[cm]?[jt]sx?$/

/** Whether `id` with `code` needs the macros compiled. */
export function usesMacros(id: string, code: string): boolean {
  return APP_MODULE.test(id.split('?')[0] ?? '') && MACRO_IMPORT.test(code)
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

/** The plugin compiling the macros in the app's modules that import one. */
export function linguiMacros(): Plugin {
  return {
    name: 'iyk:lingui-macros',
    enforce: 'pre',
    async transform(code, id) {
      if (!usesMacros(id, code)) return undefined
      const filename = id.split('?')[0] ?? id
      const options = { filename, babelrc: false, configFile: false, sourceMaps: true }
      // The English text kept (`stripMessageField`: false), then compiled in a pass of its own:
      // only what the macros wrote is there to find.
      const expanded = await transformAsync(code, {
        ...options,
        ast: true,
        code: false,
        parserOpts: { plugins: /x$/.test(filename) ? ['typescript', 'jsx'] : ['typescript'] },
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

/**
 * Lingui's plugin compiling each imported PO catalog, the build failing on a message that does not
 * compile. Without its guard against a macro left uncompiled: Vite's dependency scan reads the
 * modules before any transform, so the guard fails it; the macros are compiled above.
 */
export function linguiCatalogs(): Plugin[] {
  return lingui({ failOnCompileError: true }).filter(
    (plugin) => plugin.name !== 'vite-plugin-lingui-report-macro-error',
  )
}
