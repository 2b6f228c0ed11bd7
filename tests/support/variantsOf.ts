/** Values that are wrong somewhere, for the field they replace. */
const ODD: unknown[] = [undefined, null, '', 'x', 'eip155:1', 0, -0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60, true, [], ['x'], [1], {}, { x: 1 }, new Map(), new Date(0), Object.create(null)]

/**
 * `value` and every way to spoil it one field at a time, at any depth: a field replaced by each
 * odd value (wrong type, empty, not finite, not an integer, not a plain object…), removed, or an
 * unknown key added. For checking a validator against a reference one.
 */
export function* variantsOf(value: unknown): Generator<unknown> {
  yield value
  for (const odd of ODD) yield odd
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) for (const inner of variantsOf(item)) yield value.map((each, at) => (at === index ? inner : each))
    yield [...value, ...value]
  } else if (typeof value === 'object' && value !== null) {
    yield { ...value, extra: 1 }
    for (const [key, item] of Object.entries(value)) {
      const { [key]: _removed, ...rest } = value as Record<string, unknown>
      yield rest
      for (const inner of variantsOf(item)) yield { ...value, [key]: inner }
    }
  }
}
