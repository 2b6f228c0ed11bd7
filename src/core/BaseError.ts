/**
 * The root of every error Portico throws.
 *
 * `shortMessage` is the one-line text meant for people (and, where the spec fixes a text, that
 * text word for word); `details` adds context; `cause` keeps the error that led here.
 *
 * @example
 * try { Caip.parseAccountId('eip155:1') } catch (error) {
 *   if (error instanceof BaseError) console.log(error.shortMessage)
 * }
 */
export class BaseError<cause extends Error | undefined = Error | undefined> extends Error {
  override name = 'BaseError'
  readonly shortMessage: string
  readonly details: string | undefined
  override readonly cause: cause

  constructor(shortMessage: string, options: BaseError.Options<cause> = {}) {
    const details = options.details ?? (options.cause instanceof BaseError ? options.cause.details : options.cause?.message)
    super(details && details !== shortMessage ? `${shortMessage}\n\nDetails: ${details}` : shortMessage)
    this.shortMessage = shortMessage
    this.details = details
    this.cause = options.cause as cause
  }

  /**
   * Follows the `cause` chain and returns the first error for which `match` is true, or the
   * deepest error when no `match` is given.
   */
  walk(match?: (error: unknown) => boolean): unknown {
    let current: unknown = this
    for (;;) {
      if (match?.(current)) return current
      const next = (current as { cause?: unknown } | null)?.cause
      if (next === undefined || next === null) return match ? undefined : current
      current = next
    }
  }
}

export declare namespace BaseError {
  type Options<cause extends Error | undefined = Error | undefined> = {
    cause?: cause | undefined
    details?: string | undefined
  }
}
