import { compileMessage, type CompileOptions, type MessageValue } from './compileMessage'
import type { IcuText } from './icu'

/** What the English catalogue may hold: texts, ICU texts, nested sections (and, until converted, plain functions). */
export type CatalogueEntry = string | IcuText | ((...args: never[]) => string) | { readonly [key: string]: CatalogueEntry }

/** The shape views read: strings stay strings, ICU texts become functions of their arguments. */
export type Messages<T> = T extends string
  ? string
  : T extends IcuText<infer A>
    ? (...values: { [K in keyof A]: MessageValue }) => string
    : T extends (...args: never[]) => string
      ? T
      : { readonly [K in keyof T]: Messages<T[K]> }

/** A translation of a catalogue: the same keys (any may be missing), each an ICU message string. */
export type Translation<T> = T extends string | IcuText
  ? string
  : T extends (...args: never[]) => string
    ? never
    : { readonly [K in keyof T]?: Translation<T[K]> }

const isIcu = (entry: unknown): entry is IcuText => typeof entry === 'object' && entry !== null && 'icu' in entry && 'args' in entry

/**
 * Builds the view-facing messages of `locale` from the English catalogue and a translation:
 * each translated text replaces the English one, anything missing stays English (the catalogue
 * check lists it). ICU texts compile on first call.
 */
export function compileCatalogue<T extends CatalogueEntry>(english: T, translation: Translation<T> | undefined, locale: string, options: CompileOptions = {}): Messages<T> {
  return build(english, translation, locale, options) as Messages<T>
}

function build(english: CatalogueEntry, translated: unknown, locale: string, options: CompileOptions): unknown {
  if (typeof english === 'function') return english
  if (typeof english === 'string') {
    if (typeof translated === 'string') return translated
    return options.text ? options.text(english) : english
  }
  if (isIcu(english)) {
    const message = typeof translated === 'string' ? translated : english.icu
    let compiled: ReturnType<typeof compileMessage> | undefined
    return (...values: MessageValue[]) => {
      compiled ??= compileMessage(message, locale, options)
      return compiled(Object.fromEntries(english.args.map((name, i) => [name, values[i] ?? ''])))
    }
  }
  const section = (typeof translated === 'object' && translated !== null ? translated : {}) as Record<string, unknown>
  return Object.fromEntries(Object.entries(english).map(([key, entry]) => [key, build(entry, section[key], locale, options)]))
}
