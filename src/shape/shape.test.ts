import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { variantsOf } from '../../tests/support/variantsOf'
import { type Shape, array, boolean, nullable, number, object, oneOf, optional, record, string, union } from './shape'

/** The shape accepts, copies and rejects exactly as the zod schema does, naming the same first field. */
function expectSameAsZod(shape: Shape<unknown>, schema: z.ZodMiniType, sample: unknown): number {
  let count = 0
  for (const input of variantsOf(sample)) {
    count++
    const expected = schema.safeParse(input)
    const actual = shape.safeParse(input)
    expect(actual.success, JSON.stringify(input)).toBe(expected.success)
    if (expected.success && actual.success) expect(actual.data).toStrictEqual(expected.data)
    if (!expected.success && !actual.success) {
      expect(actual.issue).toEqual({ path: expected.error.issues[0]?.path, message: expected.error.issues[0]?.message })
    }
  }
  return count
}

describe('shape checks', () => {
  it('name the first wrong field, as a dotted path', () => {
    const point = object({ x: number(), tags: array(string()), label: optional(string()) })
    expect(point.safeParse({ x: 1, tags: ['a', 2] })).toEqual({ success: false, issue: { path: ['tags', 1], message: 'Invalid input' } })
    expect(point.safeParse('point')).toEqual({ success: false, issue: { path: [], message: 'Invalid input' } })
    expect(point.safeParse({ x: 1, tags: [], other: true })).toEqual({ success: true, data: { x: 1, tags: [] } })
  })

  it('reject numbers that are not finite, and decimals that are not safe non-negative integers', () => {
    for (const wrong of [Number.NaN, Number.POSITIVE_INFINITY, '1']) expect(number().safeParse(wrong).success).toBe(false)
    for (const wrong of [-1, 1.5, 2 ** 60]) expect(number({ nonNegativeInteger: true }).safeParse(wrong).success).toBe(false)
    expect(number({ nonNegativeInteger: true }).safeParse(18)).toEqual({ success: true, data: 18 })
  })

  it('records take only plain objects and skip __proto__', () => {
    const map = record(string())
    expect(map.safeParse(new Map()).success).toBe(false)
    expect(map.safeParse([]).success).toBe(false)
    expect(map.safeParse(JSON.parse('{"__proto__":{"polluted":"yes"},"a":"b"}'))).toEqual({ success: true, data: { a: 'b' } })
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })

  it('agree with zod on every one-field change of a nested value', () => {
    const shape = object({
      id: union<number | string>([number(), string()]),
      kind: oneOf(['a', 'b']),
      name: string({ minLength: 1, pattern: /^[a-z]+$/ }),
      decimals: number({ nonNegativeInteger: true }),
      list: array(object({ at: nullable(number()), flag: optional(boolean()) })),
      byKey: optional(record(array(string()))),
    })
    const schema = z.object({
      id: z.union([z.number(), z.string()]),
      kind: z.enum(['a', 'b']),
      name: z.string().check(z.minLength(1), z.regex(/^[a-z]+$/)),
      decimals: z.number().check(z.int(), z.gte(0)),
      list: z.array(z.object({ at: z.nullable(z.number()), flag: z.optional(z.boolean()) })),
      byKey: z.optional(z.record(z.string(), z.array(z.string()))),
    })
    const sample = { id: 1, kind: 'a', name: 'abc', decimals: 18, list: [{ at: null, flag: true }, { at: 2 }], byKey: { k: ['v'] } }
    expect(expectSameAsZod(shape, schema, sample)).toBeGreaterThan(300)
  })
})
