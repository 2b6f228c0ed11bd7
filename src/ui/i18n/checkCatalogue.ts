import type { CatalogueEntry } from './catalogue'
import { compileMessage, outlineMessage } from './compileMessage'

/** What is wrong with one locale's translation, by key path (`connect.socialWith`). */
export type CatalogueReport = {
  /** English keys with no translation: shown in English until translated. */
  missing: string[]
  /** Keys English does not have (renamed or removed). */
  unknown: string[]
  /** Texts whose ICU arguments differ from English's, or that do not parse. */
  invalid: string[]
  /** Plurals that lack a category the locale's plural rules use. */
  plurals: string[]
  /** English entries written as functions instead of `icu(...)`: they cannot be translated. */
  untranslatable: string[]
}

const isIcu = (entry: unknown): entry is { icu: string; args: readonly string[] } => typeof entry === 'object' && entry !== null && 'icu' in entry

/**
 * Compares a translation with the English catalogue: every key, the arguments of every ICU text,
 * and the plural categories the locale needs (from `Intl.PluralRules`).
 *
 * @example
 * checkCatalogue(english, ru, 'ru').missing // ['swap.slippage', …]
 */
export function checkCatalogue(english: CatalogueEntry, translation: unknown, locale: string): CatalogueReport {
  const report: CatalogueReport = { missing: [], unknown: [], invalid: [], plurals: [], untranslatable: [] }
  const categories = (ordinal: boolean) => new Intl.PluralRules(locale, { type: ordinal ? 'ordinal' : 'cardinal' }).resolvedOptions().pluralCategories

  const visit = (entry: CatalogueEntry, translated: unknown, path: string) => {
    if (typeof entry === 'function') {
      report.untranslatable.push(path)
      return
    }
    if (typeof entry === 'string' || isIcu(entry)) {
      if (typeof translated !== 'string') {
        report.missing.push(path)
        return
      }
      if (typeof entry === 'string') {
        if (/[{}]/.test(translated)) report.invalid.push(`${path}: has braces, but the English text takes no arguments`)
        return
      }
      try {
        compileMessage(translated, locale)
        const outline = outlineMessage(translated)
        const expected = [...entry.args].sort().join(', ')
        const got = [...outline.args].sort().join(', ')
        if (expected !== got) report.invalid.push(`${path}: arguments {${got}}, English has {${expected}}`)
        for (const plural of outline.plurals) {
          const lacking = categories(plural.ordinal).filter((category) => !plural.keys.includes(category))
          if (lacking.length > 0) report.plurals.push(`${path}: {${plural.arg}} lacks ${lacking.join(', ')}`)
        }
      } catch (error) {
        report.invalid.push(`${path}: ${(error as Error).message}`)
      }
      return
    }
    const section = typeof translated === 'object' && translated !== null ? (translated as Record<string, unknown>) : {}
    if (translated !== undefined && (typeof translated !== 'object' || translated === null)) report.invalid.push(`${path}: a text where English has a section`)
    for (const [key, child] of Object.entries(entry)) visit(child, section[key], path ? `${path}.${key}` : key)
    for (const key of Object.keys(section)) if (!(key in entry)) report.unknown.push(path ? `${path}.${key}` : key)
  }
  visit(english, translation, '')
  return report
}
