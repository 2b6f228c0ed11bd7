/**
 * Small shape checks for the values Portico reads on first load (the networks an app passes, what
 * it finds in storage), where zod would add its whole core to the first load in some bundlers
 * (Turbopack keeps all of `zod/mini`). Each check accepts what the zod schema it replaced accepted,
 * returns the same copy (unknown keys dropped) and names the same first wrong field, with zod's
 * own wording (`Invalid input`). Lazily loaded code keeps zod.
 *
 * @example
 * const point = object({ x: number(), label: optional(string()) })
 * point.safeParse({ x: 'a' }) // { success: false, issue: { path: ['x'], message: 'Invalid input' } }
 */

/** Where a value is wrong: object keys and array indexes from the root. */
export type ShapePath = readonly (string | number)[]

/** The first wrong field of a value. */
export type ShapeIssue = { path: ShapePath; message: string }

export type ShapeResult<value> = { success: true; data: value } | { success: false; issue: ShapeIssue }

/** A check of one value. */
export type Shape<value> = {
  /** The checked copy, or the first wrong field (wrong input is a result, not a throw). */
  safeParse(input: unknown): ShapeResult<value>
  /** @internal */
  readonly run: (input: unknown, path: ShapePath) => ShapeResult<value>
}

const MESSAGE = 'Invalid input'

function shape<value>(run: (input: unknown, path: ShapePath) => ShapeResult<value>): Shape<value> {
  return { run, safeParse: (input) => run(input, []) }
}

const fail = (path: ShapePath): { success: false; issue: ShapeIssue } => ({ success: false, issue: { path, message: MESSAGE } })

function when<value>(test: (input: unknown) => boolean): Shape<value> {
  return shape((input, path) => (test(input) ? { success: true, data: input as value } : fail(path)))
}

const isObject = (input: unknown): input is Record<PropertyKey, unknown> =>
  typeof input === 'object' && input !== null && !Array.isArray(input)

/** Like zod's plain-object test for records: no arrays, Maps, class instances. */
function isPlainObject(input: unknown): input is Record<PropertyKey, unknown> {
  if (!isObject(input)) return false
  const ctor = (input as { constructor?: unknown }).constructor
  if (ctor === undefined || typeof ctor !== 'function') return true
  const prototype = (ctor as { prototype?: unknown }).prototype
  return isObject(prototype) && Object.prototype.hasOwnProperty.call(prototype, 'isPrototypeOf')
}

/** A string, optionally matching `pattern`, of at least `minLength` characters. */
export function string(rules: { pattern?: RegExp; minLength?: number } = {}): Shape<string> {
  return when((input) => typeof input === 'string' && input.length >= (rules.minLength ?? 0) && (!rules.pattern || rules.pattern.test(input)))
}

/** A finite number; with `nonNegativeInteger`, a safe integer not below 0 (decimals, counts). */
export function number(rules: { nonNegativeInteger?: boolean } = {}): Shape<number> {
  return when((input) => typeof input === 'number' && Number.isFinite(input) && (!rules.nonNegativeInteger || (Number.isSafeInteger(input) && input >= 0)))
}

export function boolean(): Shape<boolean> {
  return when((input) => typeof input === 'boolean')
}

/** One of `values`. */
export function oneOf<const value extends string>(values: readonly value[]): Shape<value> {
  return when((input) => (values as readonly unknown[]).includes(input))
}

/** The first of `shapes` that accepts the value; the whole value is wrong if none does. */
export function union<value>(shapes: readonly Shape<value>[]): Shape<value> {
  return shape((input, path) => {
    for (const each of shapes) {
      const result = each.run(input, path)
      if (result.success) return result
    }
    return fail(path)
  })
}

export function optional<value>(inner: Shape<value>): Shape<value | undefined> {
  return shape<value | undefined>((input, path) => (input === undefined ? { success: true, data: undefined } : inner.run(input, path)))
}

export function nullable<value>(inner: Shape<value>): Shape<value | null> {
  return shape<value | null>((input, path) => (input === null ? { success: true, data: null } : inner.run(input, path)))
}

export function array<value>(item: Shape<value>): Shape<value[]> {
  return shape((input, path) => {
    if (!Array.isArray(input)) return fail(path)
    const data: value[] = []
    for (let index = 0; index < input.length; index++) {
      const result = item.run(input[index], [...path, index])
      if (!result.success) return result
      data.push(result.data)
    }
    return { success: true, data }
  })
}

type Fields = Record<string, Shape<unknown>>
type Optional<fields extends Fields> = { [key in keyof fields]: undefined extends ShapeOf<fields[key]> ? key : never }[keyof fields]
type ShapeOf<each> = each extends Shape<infer value> ? value : never
type ObjectOf<fields extends Fields> = { [key in Exclude<keyof fields, Optional<fields>>]: ShapeOf<fields[key]> } & {
  [key in Optional<fields>]?: ShapeOf<fields[key]>
}

/** An object with these fields, checked in order; other keys are dropped from the copy. */
export function object<fields extends Fields>(fields: fields): Shape<{ [key in keyof ObjectOf<fields>]: ObjectOf<fields>[key] }> {
  return shape((input, path) => {
    if (!isObject(input)) return fail(path)
    const data: Record<string, unknown> = {}
    for (const [key, field] of Object.entries(fields)) {
      const result = field.run(input[key], [...path, key])
      if (!result.success) return result
      if (key in input || result.data !== undefined) data[key] = result.data
    }
    return { success: true, data: data as never }
  })
}

/** A plain object whose every own enumerable string key holds a `value` (`__proto__` is skipped). */
export function record<value>(item: Shape<value>): Shape<Record<string, value>> {
  return shape((input, path) => {
    if (!isPlainObject(input)) return fail(path)
    const data: Record<string, value> = {}
    for (const key of Reflect.ownKeys(input)) {
      if (key === '__proto__' || !Object.prototype.propertyIsEnumerable.call(input, key)) continue
      if (typeof key === 'symbol') return fail([...path, String(key)])
      const result = item.run(input[key], [...path, key])
      if (!result.success) return result
      data[key] = result.data
    }
    return { success: true, data }
  })
}

/** Anything with a zod-like `safeParse`: a shape check, or a zod schema in lazily loaded code. */
export type SafeParser<value> = { safeParse(input: unknown): { success: true; data: value } | { success: false } }
