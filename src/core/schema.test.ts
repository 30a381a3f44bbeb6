import { describe, expect, it } from 'vitest'
import {
  anyString,
  array,
  boolean,
  count,
  custom,
  finiteNumber,
  literal,
  merge,
  nonEmptyString,
  nullable,
  object,
  oneOf,
  optional,
  optionalString,
  orWhenAbsent,
  refine,
  variant,
} from './schema.ts'
import { orElse, readableItems } from './schema-tolerant.ts'
import { ValidationError } from './validation.ts'

/** The path a failed read names, or null when it read. */
function failurePath(read: () => unknown): string | null {
  try {
    read()
    return null
  } catch (error) {
    if (error instanceof ValidationError) return error.path
    throw error
  }
}

describe('schema', () => {
  it('reads the blocks as validation does', () => {
    expect(nonEmptyString.read('a', 'p')).toBe('a')
    expect(failurePath(() => nonEmptyString.read('', 'p'))).toBe('p')
    expect(anyString.read('', 'p')).toBe('')
    expect(optionalString.read(undefined, 'p')).toBeNull()
    expect(optionalString.read(null, 'p')).toBeNull()
    expect(failurePath(() => optionalString.read(3, 'p'))).toBe('p')
    expect(failurePath(() => finiteNumber.read(Infinity, 'p'))).toBe('p')
    expect(failurePath(() => boolean.read('true', 'p'))).toBe('p')
    expect(oneOf(['a', 'b']).read('b', 'p')).toBe('b')
    expect(failurePath(() => oneOf(['a', 'b']).read('c', 'p'))).toBe('p')
  })

  it('keeps only the fields an object names, and names the path of a bad one', () => {
    const point = object({ x: finiteNumber, label: anyString })
    expect(point.read({ x: 1, label: '', extra: 'dropped' }, '')).toEqual({ x: 1, label: '' })
    expect(failurePath(() => point.read({ x: 'one', label: '' }, ''))).toBe('x')
    expect(failurePath(() => object({ at: point }).read({ at: { x: 1 } }, 'msg'))).toBe(
      'msg.at.label',
    )
    expect(failurePath(() => point.read([1], 'p'))).toBe('p')
    expect(failurePath(() => point.read(null, 'p'))).toBe('p')
  })

  it('reads arrays per item, naming the item that fails', () => {
    expect(array(finiteNumber).read([1, 2], 'list')).toEqual([1, 2])
    expect(failurePath(() => array(finiteNumber).read([1, 'two'], 'list'))).toBe('list[1]')
    expect(failurePath(() => array(finiteNumber).read({ 0: 1 }, 'list'))).toBe('list')
  })

  it('refuses an array with a hole, which structuredClone keeps, naming the hole', () => {
    // eslint-disable-next-line no-sparse-arrays -- the hole is what is tested
    const holed = structuredClone([, 'a'])
    expect(0 in holed).toBe(false)
    expect(failurePath(() => array(nonEmptyString).read(holed, 'list'))).toBe('list[0]')
    const middle = structuredClone(['a', 'gone', 'b'])
    delete middle[1]
    expect(failurePath(() => array(anyString).read(middle, 'list'))).toBe('list[1]')
    expect(array(anyString).read(structuredClone(['a', 'b']), 'list')).toEqual(['a', 'b'])
  })

  it('tells absent from null: a fallback for an absent field, null only when nullable', () => {
    const wake = orWhenAbsent(nullable(finiteNumber), () => null)
    expect(wake.read(undefined, 'w')).toBeNull()
    expect(wake.read(null, 'w')).toBeNull()
    expect(wake.read(5, 'w')).toBe(5)
    expect(failurePath(() => nullable(finiteNumber).read(undefined, 'w'))).toBe('w')
    const fresh = orWhenAbsent(array(anyString), () => [])
    expect(fresh.read(undefined, 'f')).not.toBe(fresh.read(undefined, 'f'))
  })

  it('refines a read with a test of its own', () => {
    const short = refine(nonEmptyString, (text) => text.length <= 3, 'a short text')
    expect(short.read('abc', 'p')).toBe('abc')
    expect(() => short.read('abcd', 'p')).toThrow('p: expected a short text')
    expect(failurePath(() => short.read('', 'p'))).toBe('p')
  })

  it('reads a union by its tag, booleans included, and refuses an unknown tag', () => {
    const result = variant('ok', {
      true: object({ value: finiteNumber }),
      false: object({ reason: anyString }),
    })
    expect(result.read({ ok: true, value: 1, reason: 'x' }, 'r')).toEqual({ ok: true, value: 1 })
    expect(result.read({ ok: false, reason: 'no' }, 'r')).toEqual({ ok: false, reason: 'no' })
    expect(failurePath(() => result.read({ ok: 'true', value: 1 }, 'r'))).toBe('r.ok')
    expect(failurePath(() => result.read({ ok: 'false', reason: 'no' }, 'r'))).toBe('r.ok')
    const shape = variant('kind', { circle: object({ r: finiteNumber }), dot: object({}) })
    expect(shape.read({ kind: 'dot', r: 1 }, '')).toEqual({ kind: 'dot' })
    expect(failurePath(() => shape.read({ kind: 'toString' }, ''))).toBe('kind')
    expect(failurePath(() => shape.read({ kind: '__proto__' }, ''))).toBe('kind')
    expect(failurePath(() => shape.read({ kind: 'circle' }, 's'))).toBe('s.r')
  })

  it('merges two readings of one value, and runs a custom check', () => {
    const upper = custom((value, path) => {
      if (typeof value !== 'object' || value === null || !('name' in value)) {
        throw new ValidationError(path, 'a name')
      }
      return { name: String(value.name).toUpperCase() }
    })
    const both = merge(object({ id: nonEmptyString }), upper)
    expect(both.read({ id: '1', name: 'ana', other: true }, '')).toEqual({ id: '1', name: 'ANA' })
    expect(failurePath(() => both.read({ id: '1' }, 'm'))).toBe('m')
  })

  it('reads counts and exact values', () => {
    expect(count.read(0, 'p')).toBe(0)
    expect(failurePath(() => count.read(-1, 'p'))).toBe('p')
    expect(failurePath(() => count.read(1.5, 'p'))).toBe('p')
    expect(literal(1).read(1, 'p')).toBe(1)
    expect(failurePath(() => literal(1).read('1', 'p'))).toBe('p')
  })

  it('leaves an absent optional field without a key, and reads a present one', () => {
    const cache = object({ id: nonEmptyString, key: optional(anyString) })
    expect(cache.read({ id: 'a' }, '')).toStrictEqual({ id: 'a' })
    expect(cache.read({ id: 'a', key: '' }, '')).toStrictEqual({ id: 'a', key: '' })
    expect(failurePath(() => cache.read({ id: 'a', key: 3 }, ''))).toBe('key')
  })
})

describe('tolerant blocks', () => {
  it('drop the items that cannot be read, holes included, one by one', () => {
    const holed = structuredClone([1, 'two', 3, 4])
    delete holed[3]
    expect(readableItems(finiteNumber).read(holed, 'list')).toEqual([1, 3])
    expect(failurePath(() => readableItems(finiteNumber).read('list', 'list'))).toBe('list')
  })

  it('fall back for a part that cannot be read, absent included', () => {
    const part = orElse(object({ n: finiteNumber }), () => ({ n: 0 }))
    expect(part.read({ n: 2 }, 'p')).toEqual({ n: 2 })
    expect(part.read({ n: 'two' }, 'p')).toEqual({ n: 0 })
    expect(part.read(undefined, 'p')).toEqual({ n: 0 })
  })

  it('let a failure that is not the value’s through', () => {
    const buggy = custom((): number => JSON.parse('{') as number)
    expect(() => orElse(buggy, () => 0).read(1, 'p')).toThrow(SyntaxError)
    expect(() => readableItems(buggy).read([1], 'p')).toThrow(SyntaxError)
  })
})
