/** An English text with arguments: the ICU message and its arguments' names, in call order. */
export type IcuText<A extends readonly string[] = readonly string[]> = { readonly icu: string; readonly args: A }

/**
 * Marks an English text as an ICU message whose compiled form takes `args` in this order.
 *
 * @example
 * count: icu('{count, plural, one {# wallet} other {# wallets}}', 'count') // m.allWallets.count(3)
 */
export const icu = <const A extends readonly string[]>(message: string, ...args: A): IcuText<A> => ({ icu: message, args })
