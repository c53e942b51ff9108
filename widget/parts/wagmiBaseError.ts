/** What wagmi's error constructors pass (`@wagmi/core` `BaseErrorParameters`). */
type BaseErrorOptions = {
  cause?: unknown
  details?: string | undefined
  docsPath?: string | undefined
  docsSlug?: string | undefined
  metaMessages?: string[] | undefined
}

/**
 * @wagmi/core's `BaseError` for the wallet chunk (`wagmiBaseError` in `widget/vite.config.ts`): the
 * same fields (`shortMessage`, `details`, `docsPath`, `metaMessages`, `cause`, `name`) and the same
 * `walk`, so every wagmi error the menu can meet behaves as it does with the original. Only its
 * `message` is shorter: the short message, the meta messages and the details, without the link to
 * wagmi's docs and wagmi's version, which no user of the widget needs and which cost the chunk about
 * half a kilobyte. `wagmiBaseError.test.ts` holds it to the original.
 */
export class BaseError extends Error {
  details: string | undefined
  docsPath: string | undefined
  metaMessages: string[] | undefined
  shortMessage: string

  constructor(shortMessage: string, options: BaseErrorOptions = {}) {
    const cause = options.cause as { message?: string } | undefined
    const details =
      cause instanceof BaseError ? cause.details : cause?.message ? cause.message : options.details
    super(
      [
        shortMessage || 'An error occurred.',
        ...(options.metaMessages ?? []),
        ...(details ? [`Details: ${details}`] : []),
      ].join('\n'),
      options.cause === undefined ? undefined : { cause: options.cause },
    )
    this.name = 'WagmiCoreError'
    this.details = details
    this.docsPath = cause instanceof BaseError ? cause.docsPath || options.docsPath : options.docsPath
    this.metaMessages = options.metaMessages
    this.shortMessage = shortMessage
  }

  /** The first error of the `cause` chain, from this one, that `fn` accepts; the last one without `fn`. */
  walk(fn?: (error: unknown) => boolean): unknown {
    let error: unknown = this
    for (;;) {
      if (fn?.(error)) return error
      const next = (error as { cause?: unknown }).cause
      if (!next) return error
      error = next
    }
  }
}
