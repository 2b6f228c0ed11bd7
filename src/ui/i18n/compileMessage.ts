import { PorticoError } from '../../errors/PorticoError'
/**
 * A small ICU MessageFormat compiler: `{name}`, `{n, number}`, `{n, plural, …}` (with `=N`,
 * `offset:` and `#`), `{n, selectordinal, …}` and `{key, select, …}`, with ICU's apostrophe
 * quoting. Plural categories come from `Intl.PluralRules` and numbers from `Intl.NumberFormat`
 * for the message's locale, so the platform carries the locale data and this file only parses.
 */

export type MessageValue = string | number
export type MessageValues = Readonly<Record<string, MessageValue>>
export type CompiledMessage = (values?: MessageValues) => string

/** A message that is not valid ICU, or that a catalogue check refused. */
export class MessageSyntaxError extends PorticoError {
  override name = 'MessageSyntaxError'
  constructor(readonly reason: string, readonly source: string, readonly offset: number) {
    super(`Invalid ICU message (${reason} at ${offset}): ${source.length > 100 ? `${source.slice(0, 100)}…` : source}`)
  }
}

/** A compiled message was called without one of its arguments. */
export class MessageValueError extends PorticoError {
  override name = 'MessageValueError'
  constructor(readonly argument: string, readonly source: string) {
    super(`Missing value for {${argument}} in: ${source}`)
  }
}

type Part =
  | { kind: 'text'; text: string }
  | { kind: 'pound' }
  | { kind: 'arg'; name: string; style: 'none' | 'number' }
  | { kind: 'plural'; name: string; ordinal: boolean; offset: number; options: Map<string, Part[]> }
  | { kind: 'select'; name: string; options: Map<string, Part[]> }

export type CompileOptions = {
  /** Rewrites the literal text (not the arguments): the pseudo-locale accents and stretches it. */
  text?: (text: string) => string
  /** Wraps each argument's value (the RTL locales isolate it with U+2068 … U+2069). */
  isolate?: boolean
}

/**
 * Compiles `message` for `locale` into a function of its named arguments.
 *
 * @example
 * compileMessage('{count, plural, one {# wallet} other {# wallets}}', 'en')({ count: 3 }) // '3 wallets'
 */
export function compileMessage(message: string, locale: string, options: CompileOptions = {}): CompiledMessage {
  const parts = new Parser(message, options.text).parse()
  let numbers: Intl.NumberFormat | undefined
  const plurals = new Map<boolean, Intl.PluralRules>()
  const number = (value: number) => (numbers ??= new Intl.NumberFormat(locale)).format(value)
  const pluralOf = (ordinal: boolean, value: number) => {
    let rules = plurals.get(ordinal)
    if (!rules) plurals.set(ordinal, (rules = new Intl.PluralRules(locale, { type: ordinal ? 'ordinal' : 'cardinal' })))
    return rules.select(value)
  }
  const wrap = (text: string) => (options.isolate ? `\u2068${text}\u2069` : text)

  const render = (list: Part[], values: MessageValues, pound: number | undefined): string => {
    let out = ''
    for (const part of list) {
      if (part.kind === 'text') out += part.text
      else if (part.kind === 'pound') out += pound === undefined ? '#' : number(pound)
      else {
        const value = values[part.name]
        if (value === undefined) throw new MessageValueError(part.name, message)
        if (part.kind === 'arg') out += wrap(typeof value === 'number' ? number(value) : value)
        else if (part.kind === 'select') out += render(part.options.get(String(value)) ?? part.options.get('other') ?? [], values, pound)
        else {
          const n = Number(value)
          const chosen = part.options.get(`=${n}`) ?? part.options.get(pluralOf(part.ordinal, n - part.offset)) ?? part.options.get('other') ?? []
          out += render(chosen, values, n - part.offset)
        }
      }
    }
    return out
  }
  return (values = {}) => render(parts, values, undefined)
}

/** What a message uses: its arguments in order of first use, and each plural's option keys. */
export type MessageOutline = { args: string[]; plurals: { arg: string; ordinal: boolean; keys: string[] }[] }

/**
 * The outline of a message, for the catalogue check (same arguments as English, every plural
 * category of the locale). Throws `MessageSyntaxError` for invalid ICU.
 *
 * @example
 * outlineMessage('{n, plural, one {# wallet} other {# wallets}}') // { args: ['n'], plurals: [{ arg: 'n', ordinal: false, keys: ['one', 'other'] }] }
 */
export function outlineMessage(message: string): MessageOutline {
  const outline: MessageOutline = { args: [], plurals: [] }
  const visit = (parts: Part[]) => {
    for (const part of parts) {
      if (part.kind === 'text' || part.kind === 'pound') continue
      if (!outline.args.includes(part.name)) outline.args.push(part.name)
      if (part.kind === 'plural') outline.plurals.push({ arg: part.name, ordinal: part.ordinal, keys: [...part.options.keys()] })
      if (part.kind === 'plural' || part.kind === 'select') for (const option of part.options.values()) visit(option)
    }
  }
  visit(new Parser(message).parse())
  return outline
}

const NAME = /^[A-Za-z_][\w-]*$/

class Parser {
  private at = 0
  constructor(private readonly source: string, private readonly rewrite?: (text: string) => string) {}

  parse(): Part[] {
    const parts = this.parts(false)
    if (this.at < this.source.length) this.fail('unmatched }')
    return parts
  }

  private fail(reason: string): never {
    throw new MessageSyntaxError(reason, this.source, this.at)
  }

  /** Text and arguments up to a closing brace (inside an option) or the end. */
  private parts(inPlural: boolean): Part[] {
    const parts: Part[] = []
    let text = ''
    const flush = () => {
      if (text) parts.push({ kind: 'text', text: this.rewrite ? this.rewrite(text) : text })
      text = ''
    }
    const s = this.source
    while (this.at < s.length) {
      const c = s[this.at]!
      if (c === '}') break
      if (c === '{') {
        flush()
        parts.push(this.argument(inPlural))
      } else if (c === '#' && inPlural) {
        flush()
        parts.push({ kind: 'pound' })
        this.at++
      } else if (c === "'") {
        const next = s[this.at + 1]
        if (next === "'") {
          text += "'"
          this.at += 2
        } else if (next === '{' || next === '}' || (next === '#' && inPlural)) {
          // Quoted literal up to the next single apostrophe ('' inside stands for one).
          this.at++
          while (this.at < s.length) {
            if (s[this.at] === "'") {
              if (s[this.at + 1] === "'") {
                text += "'"
                this.at += 2
                continue
              }
              this.at++
              break
            }
            text += s[this.at++]
          }
        } else {
          text += c
          this.at++
        }
      } else {
        text += c
        this.at++
      }
    }
    flush()
    return parts
  }

  private word(): string {
    this.space()
    const start = this.at
    while (this.at < this.source.length && !/[\s,{}]/.test(this.source[this.at]!)) this.at++
    return this.source.slice(start, this.at)
  }

  private space() {
    while (this.at < this.source.length && /\s/.test(this.source[this.at]!)) this.at++
  }

  private expect(char: string) {
    this.space()
    if (this.at >= this.source.length) this.fail('unclosed argument')
    if (this.source[this.at] !== char) this.fail(`expected "${char}"`)
    this.at++
  }

  private argument(inPlural: boolean): Part {
    this.at++ // {
    const name = this.word()
    if (!NAME.test(name)) this.fail(`bad argument name "${name}"`)
    this.space()
    if (this.source[this.at] === '}') {
      this.at++
      return { kind: 'arg', name, style: 'none' }
    }
    this.expect(',')
    const type = this.word()
    if (type === 'number') {
      this.expect('}')
      return { kind: 'arg', name, style: 'number' }
    }
    if (type !== 'plural' && type !== 'selectordinal' && type !== 'select') this.fail(`unknown argument type "${type}"`)
    this.expect(',')
    const plural = type !== 'select'
    let offset = 0
    const options = new Map<string, Part[]>()
    for (;;) {
      this.space()
      if (this.at >= this.source.length) this.fail('unclosed argument')
      if (this.source[this.at] === '}') break
      const key = this.word()
      if (plural && key.startsWith('offset:')) {
        offset = Number(key.slice(7))
        if (!Number.isInteger(offset)) this.fail('bad offset')
        continue
      }
      if (!key) this.fail('expected an option')
      if (options.has(key)) this.fail(`option "${key}" twice`)
      this.expect('{')
      options.set(key, this.parts(plural || inPlural))
      if (this.source[this.at] !== '}') this.fail('unclosed option')
      this.at++
    }
    this.at++
    if (!options.has('other')) this.fail(`"${name}" has no "other" option`)
    return plural ? { kind: 'plural', name, ordinal: type === 'selectordinal', offset, options } : { kind: 'select', name, options }
  }
}
