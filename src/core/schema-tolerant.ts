/**
 * Schema blocks for records read tolerantly, where a part can be lost on its own: items dropped
 * one by one, a part that falls back when it cannot be read. Apart from schema.ts so the start-up
 * chunk, which reads messages strictly, does not carry them (Rollup splits by module).
 */
import { custom, type Schema } from './schema.ts'
import { expectArray, ValidationError } from './validation.ts'

/**
 * An array whose items `item` cannot read are left out, one by one (a hole too), where `array`
 * refuses the whole list: for lists where each item stands alone.
 */
export const readableItems = /* @__NO_SIDE_EFFECTS__ */ <T>(item: Schema<T>): Schema<T[]> =>
  custom((value, path) =>
    expectArray(value, path).flatMap((entry, i) => {
      try {
        return [item.read(entry, `${path}[${i}]`)]
      } catch (error) {
        if (error instanceof ValidationError) return []
        throw error
      }
    }),
  )

/**
 * What `inner` reads, or `fallback()` when the value cannot be read (absent included): a part that
 * can be lost on its own, without the whole it belongs to.
 */
export const orElse = /* @__NO_SIDE_EFFECTS__ */ <T>(
  inner: Schema<T>,
  fallback: () => T,
): Schema<T> =>
  custom((value, path) => {
    try {
      return inner.read(value, path)
    } catch (error) {
      if (error instanceof ValidationError) return fallback()
      throw error
    }
  })
