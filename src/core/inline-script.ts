/**
 * Inline scripts written as TypeScript: a function, type-checked and linted like any other, goes
 * into the page as `(source)(arguments)`. The function may use only its parameters and the page's
 * globals (it is serialised by its source, so an import or a neighbour of its module is not
 * there in the page); its arguments are JSON values, or functions serialised the same way.
 */

/** A value an inline script can take: JSON, or a function that keeps to the same rules. */
export type ScriptValue =
  | string
  | number
  | boolean
  | null
  | readonly ScriptValue[]
  | { readonly [key: string]: ScriptValue }
  | ((...args: never[]) => unknown)

/**
 * A helper a transpiler adds to a function's source (esbuild's `__name` under `keepNames`, a
 * class-field helper): it exists in the module, never in the page.
 */
const TRANSPILER_HELPER = /\b__[A-Za-z]+\(/

/** What would end the script element or open a comment inside it. */
const ENDS_ELEMENT = /<\/script|<!--/i

/** The source of `fn` as the page will run it; throws if the page could not run it. */
function sourceOf(fn: (...args: never[]) => unknown): string {
  const source = fn.toString()
  if (!/^function\b/.test(source)) {
    throw new TypeError(`An inline script is a function declaration or expression: ${source}`)
  }
  const helper = TRANSPILER_HELPER.exec(source)
  if (helper) {
    throw new TypeError(
      `${fn.name || 'An inline script'} calls ${helper[0]}), a helper its transpiler added ` +
        'that the page does not have: write it without inner named functions or classes.',
    )
  }
  return source
}

function serialise(value: ScriptValue): string {
  if (typeof value === 'function') return sourceOf(value)
  const json = JSON.stringify(value) as string | undefined
  if (json === undefined)
    throw new TypeError('An inline script argument must be JSON or a function')
  return json
}

/**
 * The inline script that calls `fn` with `args` in the page. Throws (failing the build) if a
 * function would not run there, or if the script could not sit inside a `<script>` element.
 */
export function inlineScript<A extends readonly ScriptValue[]>(
  fn: (...args: A) => void,
  ...args: A
): string {
  const script = `(${sourceOf(fn)})(${args.map(serialise).join(',')})`
  if (ENDS_ELEMENT.test(script)) {
    throw new TypeError(
      `${fn.name || 'An inline script'} cannot sit in a script element: ${script}`,
    )
  }
  return script
}
