/**
 * The chunk boundary of `loadConnectionController`: its `import()` names this module, not
 * `ConnectionController` itself. A bundler splits a module that is imported both statically and
 * by `import()` into chunks of its own; the modal app imports `ConnectionController` statically,
 * so naming it here keeps the modal's first load in the chunks it had, while an app on
 * `portico/headless` gets the connection store in a lazy chunk.
 *
 * @example
 * const { createConnectionController } = await import('./connectionChunk')
 */
export { createConnectionController } from '../ConnectionController'
