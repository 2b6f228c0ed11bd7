import { codedWords, PorticoError } from './PorticoError'
import { SETUP_MESSAGES } from './setupMessages'

/** A store was used before `createPortico` handed it its client (an HTTP API, a wallet). */
export class NoClientError extends PorticoError {
  override name = 'NoClientError'
  constructor(store: string) {
    super(codedWords(SETUP_MESSAGES, 'noClient', { store }))
  }
}
