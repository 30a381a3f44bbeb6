/**
 * Schemas: each describes a shape once, and yields both its TypeScript type (`Infer`) and the check
 * that reads an unknown value into it (`read`, which throws a ValidationError naming the path). A
 * read keeps only the fields the schema names. The protocol describes each message with these
 * (src/core/protocol.ts); the building blocks are the checks of src/core/validation.ts.
 */
import {
  expectArray,
  expectBoolean,
  expectCount,
  expectNumber,
  expectOneOf,
  expectOptionalString,
  expectRecord,
  expectString,
  ValidationError,
} from './validation.ts'

/** Reads an unknown value found at `path` into a `T`, or throws a ValidationError. */
export interface Schema<T> {
  readonly read: (value: unknown, path: string) => T
}

/** The type a schema reads. */
export type Infer<S> = S extends Schema<infer T> ? T : never

/** An intersection shown as one object type. */
export type Simplify<T> = { [K in keyof T]: T[K] } & {}

/** A schema with a check of its own, for what the blocks below cannot say (a domain parser). */
export const custom = /* @__NO_SIDE_EFFECTS__ */ <T>(
  read: (value: unknown, path: string) => T,
): Schema<T> => ({ read })

/** `key` under `path`, as a ValidationError names it. */
const at = (path: string, key: string) => (path === '' ? key : `${path}.${key}`)

/** A non-empty string. */
export const nonEmptyString: Schema<string> = custom((value, path) => expectString(value, path))

/** Any string, empty included. */
export const anyString: Schema<string> = custom((value, path) => expectString(value, path, true))

/** A string, or null when the value is null or absent. */
export const optionalString: Schema<string | null> = custom(expectOptionalString)

/** A finite number. */
export const finiteNumber: Schema<number> = custom(expectNumber)

/** A boolean. */
export const boolean: Schema<boolean> = custom(expectBoolean)

/** A whole number ≥ 0 (a count, an epoch). */
export const count: Schema<number> = custom(expectCount)

/** Exactly `value` (a version number, say). */
export const literal = /* @__NO_SIDE_EFFECTS__ */ <const T extends string | number | boolean>(
  value: T,
): Schema<T> =>
  custom((read, path) => {
    if (read !== value) throw new ValidationError(path, JSON.stringify(value))
    return value
  })

/** One of the strings `allowed`. */
export const oneOf = /* @__NO_SIDE_EFFECTS__ */ <const T extends string>(
  allowed: readonly T[],
): Schema<T> => custom((value, path) => expectOneOf(value, allowed, path))

/** What `inner` reads, when it also passes `test` (else a ValidationError expecting `expected`). */
export const refine = /* @__NO_SIDE_EFFECTS__ */ <T>(
  inner: Schema<T>,
  test: (value: T) => boolean,
  expected: string,
) =>
  custom((value, path): T => {
    const read = inner.read(value, path)
    if (!test(read)) throw new ValidationError(path, expected)
    return read
  })

/** An array, each item read by `item`. */
export const array = /* @__NO_SIDE_EFFECTS__ */ <T>(item: Schema<T>): Schema<T[]> =>
  custom((value, path) =>
    expectArray(value, path).map((entry, i) => item.read(entry, `${path}[${i}]`)),
  )

/** A field that may be absent: the object read then has no such key. */
export interface OptionalSchema<T> extends Schema<T | undefined> {
  readonly optional: true
}

/** `inner`'s read, for a field an object may leave out (see `object`). */
export const optional = /* @__NO_SIDE_EFFECTS__ */ <T>(inner: Schema<T>): OptionalSchema<T> => ({
  optional: true,
  read: (value, path) => (value === undefined ? undefined : inner.read(value, path)),
})

/** Null as null, anything else read by `inner`. */
export const nullable = /* @__NO_SIDE_EFFECTS__ */ <T>(inner: Schema<T>): Schema<T | null> =>
  custom((value, path) => (value === null ? null : inner.read(value, path)))

/** `fallback()` for an absent value (a field an older peer does not send), else `inner`'s read. */
export const orWhenAbsent = /* @__NO_SIDE_EFFECTS__ */ <T>(
  inner: Schema<T>,
  fallback: () => T,
): Schema<T> =>
  custom((value, path) => (value === undefined ? fallback() : inner.read(value, path)))

/** Named fields, each with its schema. */
export type Fields = Record<string, Schema<unknown>>

/** The keys of `fields` whose schema is `optional`. */
type OptionalKeys<F extends Fields> = {
  [K in keyof F]: F[K] extends OptionalSchema<unknown> ? K : never
}[keyof F]

/** The object type `fields` describe: an `optional` field's key may be missing. */
export type ObjectOf<F extends Fields> = Simplify<
  { -readonly [K in Exclude<keyof F, OptionalKeys<F>>]: Infer<F[K]> } & {
    -readonly [K in OptionalKeys<F>]?: Exclude<Infer<F[K]>, undefined>
  }
>

/**
 * An object with exactly the fields `fields` name (others are left behind); a field read as
 * `undefined` (an `optional` one that is absent) has no key.
 */
export const object = /* @__NO_SIDE_EFFECTS__ */ <const F extends Fields>(
  fields: F,
): Schema<ObjectOf<F>> =>
  custom((value, path) => {
    const raw = expectRecord(value, path)
    const read: Record<string, unknown> = {}
    for (const [key, field] of Object.entries(fields)) {
      const fieldValue = field.read(raw[key], at(path, key))
      if (fieldValue !== undefined) read[key] = fieldValue
    }
    return read as ObjectOf<F>
  })

/** Both objects' fields, read from the same value. */
export const merge = /* @__NO_SIDE_EFFECTS__ */ <A extends object, B extends object>(
  a: Schema<A>,
  b: Schema<B>,
): Schema<Simplify<A & B>> =>
  custom((value, path) => ({ ...a.read(value, path), ...b.read(value, path) }))

/** A case name as the tag's value: `'true'` and `'false'` name the booleans. */
type TagValue<K extends string> = K extends 'true' ? true : K extends 'false' ? false : K

/** The union `cases` describe, each case with its tag. */
export type VariantOf<D extends string, C extends Record<string, Schema<object>>> = {
  [K in keyof C & string]: Simplify<{ [P in D]: TagValue<K> } & Infer<C[K]>>
}[keyof C & string]

/**
 * A union told apart by the field `tag`: its value names the case (the booleans `true` and
 * `false`, and only they, name the cases `'true'` and `'false'`), whose schema reads the rest.
 */
export const variant = /* @__NO_SIDE_EFFECTS__ */ <
  const D extends string,
  const C extends Record<string, Schema<object>>,
>(
  tag: D,
  cases: C,
): Schema<VariantOf<D, C>> =>
  custom((value, path) => {
    const raw = expectRecord(value, path)
    const tagValue = raw[tag]
    // The cases 'true' and 'false' are named by booleans only, never by the strings.
    const name =
      typeof tagValue === 'boolean'
        ? String(tagValue)
        : tagValue === 'true' || tagValue === 'false'
          ? undefined
          : tagValue
    const schema = typeof name === 'string' && Object.hasOwn(cases, name) ? cases[name] : undefined
    if (schema === undefined) {
      throw new ValidationError(at(path, tag), `one of ${Object.keys(cases).join(', ')}`)
    }
    return { [tag]: tagValue, ...schema.read(raw, path) } as VariantOf<D, C>
  })
