import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../controllers/LocaleController'
import { checkCatalogue } from './checkCatalogue'
import { english } from './en'
import { loadTranslation } from './buildMessages'

const TRANSLATED = LOCALES.filter((locale) => locale !== 'en' && locale !== 'en-XA')

/** One readable block per locale and kind of problem, so the list can go to a translator as it is. */
function describeProblems(locale: string, report: ReturnType<typeof checkCatalogue>): string[] {
  const lines: string[] = []
  const block = (title: string, keys: string[]) => {
    if (keys.length > 0) lines.push(`${locale}: ${keys.length} ${title}:\n${keys.map((key) => `    ${key}`).join('\n')}`)
  }
  block('missing (shown in English until translated)', report.missing)
  block('unknown to English', report.unknown)
  block('invalid', report.invalid)
  block('plural categories lacking', report.plurals)
  return lines
}

describe('the catalogues', () => {
  it('English has every text with arguments as icu(...), so it can be translated', () => {
    const report = checkCatalogue(english, undefined, 'en')
    if (report.untranslatable.length > 0) {
      console.error(`English texts written as functions (convert each to icu('… {arg} …', 'arg')):\n${report.untranslatable.map((key) => `    ${key}`).join('\n')}`)
    }
    expect(report.untranslatable).toEqual([])
  })

  it('English ICU texts parse, and their plurals cover English plural categories', () => {
    const report = checkCatalogue(english, JSON.parse(JSON.stringify(english, (_key, value) => (value && typeof value === 'object' && 'icu' in value ? value.icu : value))), 'en')
    expect([...report.invalid, ...report.plurals]).toEqual([])
  })

  it.each(TRANSLATED)('%s has every English key, the same ICU arguments and its plural categories', async (locale) => {
    const report = checkCatalogue(english, await loadTranslation(locale), locale)
    const problems = describeProblems(locale, report)
    if (problems.length > 0) console.error(problems.join('\n'))
    expect(problems).toEqual([])
  })
})

describe('checkCatalogue', () => {
  it('names missing and unknown keys, wrong arguments, lacking plural categories and broken ICU', async () => {
    const { icu } = await import('./icu')
    const source = { a: 'A', b: { c: icu('{n, plural, one {# x} other {# xs}}', 'n'), d: icu('Hi {name}', 'name') }, e: 'E' }
    const report = checkCatalogue(source, { a: 'a', b: { c: '{n, plural, one {# x} other {# xs}}', d: 'Hola {nombre}' }, z: 'extra' }, 'ru')
    expect(report.missing).toEqual(['e'])
    expect(report.unknown).toEqual(['z'])
    expect(report.invalid).toEqual(['b.d: arguments {nombre}, English has {name}'])
    expect(report.plurals).toEqual(['b.c: {n} lacks few, many'])
    expect(checkCatalogue(source, { b: { d: 'Hola {name' } }, 'es').invalid[0]).toMatch(/^b\.d: Invalid ICU message/)
    expect(checkCatalogue({ f: (x: string) => x }, {}, 'es').untranslatable).toEqual(['f'])
  })
})
