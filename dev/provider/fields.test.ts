/** The provider stand-in's body reader: the declared fields, typed as declared, or the provider's schema problems. */
import { describe, expect, expectTypeOf, it } from 'vitest'
import { checkFields } from './fields.ts'
import { SchemaError } from './errors.ts'

const SPEC = {
  email: 'string',
  minutes: 'number?',
  tags: 'string[]?',
  params: 'object?',
  flag: 'boolean?',
} as const

/** The problems `checkFields` throws for `value`, or null when it accepts it. */
function problems(value: unknown): unknown[] | null {
  try {
    checkFields(value, SPEC)
    return null
  } catch (error) {
    if (error instanceof SchemaError) return error.problems
    throw error
  }
}

describe('checkFields', () => {
  it('keeps only the declared fields, typed as declared', () => {
    const fields = checkFields({ email: 'a@example.com', minutes: 5, extra: 'dropped' }, SPEC)
    expect(fields).toEqual({ email: 'a@example.com', minutes: 5 })
    expectTypeOf(fields.email).toEqualTypeOf<string>()
    expectTypeOf(fields.minutes).toEqualTypeOf<number | undefined>()
    expectTypeOf(fields.tags).toEqualTypeOf<string[] | undefined>()
    expectTypeOf(fields.params).toEqualTypeOf<Record<string, unknown> | undefined>()
    expectTypeOf(fields.flag).toEqualTypeOf<boolean | undefined>()
  })

  it('reads null as absent, as the provider does', () => {
    expect(checkFields({ email: 'a@example.com', minutes: null }, SPEC)).toEqual({
      email: 'a@example.com',
    })
  })

  it('names each problem as the provider does: a missing field, and each wrong type', () => {
    expect(problems({ minutes: '5', tags: ['a', 1], params: [], flag: 'yes' })).toEqual([
      {
        keyword: 'required',
        dataPath: '',
        schemaPath: '#/required',
        message: "should have required property 'email'",
      },
      {
        keyword: 'type',
        dataPath: '.minutes',
        schemaPath: '#/properties/minutes/type',
        message: 'should be number',
      },
      {
        keyword: 'type',
        dataPath: '.tags',
        schemaPath: '#/properties/tags/type',
        message: 'should be array of strings',
      },
      {
        keyword: 'type',
        dataPath: '.params',
        schemaPath: '#/properties/params/type',
        message: 'should be object',
      },
      {
        keyword: 'type',
        dataPath: '.flag',
        schemaPath: '#/properties/flag/type',
        message: 'should be boolean',
      },
    ])
  })

  it('refuses a body that is not an object, and a number that is not finite', () => {
    expect(problems([])).toEqual([
      { keyword: 'type', dataPath: '', schemaPath: '#/type', message: 'should be object' },
    ])
    expect(problems({ email: 'a@example.com', minutes: Number.NaN })).toHaveLength(1)
  })
})
