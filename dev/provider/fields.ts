/** Reads a JSON request body and checks its fields' types, collecting schema problems like the provider. */
import type { DevRequest } from '../http/types.ts'
import { ProviderError, SchemaError, type SchemaProblem } from './errors.ts'

/** What each field type reads as. */
interface FieldTypes {
  string: string
  number: number
  boolean: boolean
  object: Record<string, unknown>
  'string[]': string[]
}

type FieldType = keyof FieldTypes

/** A field spec: its type, with a `?` suffix for optional fields. */
export type FieldSpec = Record<string, FieldType | `${FieldType}?`>

/** The parsed body: only the declared fields, typed as declared (an optional one may be absent). */
export type Fields<S extends FieldSpec> = {
  [K in keyof S]: S[K] extends `${infer T extends FieldType}?`
    ? FieldTypes[T] | undefined
    : S[K] extends FieldType
      ? FieldTypes[S[K]]
      : never
}

function hasType(value: unknown, type: FieldType): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string'
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
    case 'boolean':
      return typeof value === 'boolean'
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value)
    case 'string[]':
      return Array.isArray(value) && value.every((item) => typeof item === 'string')
  }
}

/** Parses the body (empty means `{}`); malformed JSON is a 400 `bad_request`, bad fields a schema error. */
export function readFields<const S extends FieldSpec>(req: DevRequest, spec: S): Fields<S> {
  let body: unknown = {}
  const text = req.body.toString('utf8').trim()
  if (text) {
    try {
      body = JSON.parse(text)
    } catch {
      throw new ProviderError(400, 'bad_request', 'Request body must be valid JSON.')
    }
  }
  return checkFields(body, spec)
}

/** Checks an object's fields against `spec`; `at` prefixes the paths of nested objects (`.siwe_params`). */
export function checkFields<const S extends FieldSpec>(
  value: unknown,
  spec: S,
  at = '',
): Fields<S> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SchemaError([
      { keyword: 'type', dataPath: at, schemaPath: '#/type', message: 'should be object' },
    ])
  }
  const record = value as Record<string, unknown>
  const problems: SchemaProblem[] = []
  const fields: Record<string, unknown> = {}
  for (const [name, declared] of Object.entries(spec)) {
    const optional = declared.endsWith('?')
    const type = declared.replace('?', '') as FieldType
    const field = record[name]
    if (field === undefined || field === null) {
      if (!optional) {
        problems.push({
          keyword: 'required',
          dataPath: at,
          schemaPath: '#/required',
          message: `should have required property '${name}'`,
        })
      }
      continue
    }
    if (!hasType(field, type)) {
      problems.push({
        keyword: 'type',
        dataPath: `${at}.${name}`,
        schemaPath: `#/properties/${name}/type`,
        message: type === 'string[]' ? 'should be array of strings' : `should be ${type}`,
      })
      continue
    }
    fields[name] = field
  }
  if (problems.length) throw new SchemaError(problems)
  // Every declared field present was checked against its type above.
  return fields as Fields<S>
}
