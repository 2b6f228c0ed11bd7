import { describe, expect, it } from 'vitest'
import { ConnectionError } from './ConnectionError'
import { ConnectorConfigError } from './ConnectorConfigError'
import { codedWords, errorOf, PorticoError } from './PorticoError'
import { SETUP_MESSAGES } from './setupMessages'

describe('PorticoError', () => {
  it('from a short message: the code and parameters of its options, else its class name and none', () => {
    const plain = new PorticoError('Something failed', { details: 'more' })
    expect([plain.shortMessage, plain.errorCode, plain.params, plain.details]).toEqual(['Something failed', 'PorticoError', {}, 'more'])
    const coded = new PorticoError('No client', { errorCode: 'noClient', params: { store: 'ApiController' } })
    expect([coded.errorCode, coded.params]).toEqual(['noClient', { store: 'ApiController' }])
  })

  it("from a code's words: their message, code and parameters, which win over the options'", () => {
    const error = new PorticoError(codedWords(SETUP_MESSAGES, 'noClient', { store: 'NamesController' }), { errorCode: 'popupClosed', params: { store: 'other' }, details: 'kept' })
    expect(error.shortMessage).toBe('NamesController has no client: call NamesController.setClient(api) first')
    expect([error.errorCode, error.params, error.details]).toEqual(['noClient', { store: 'NamesController' }, 'kept'])
  })

  it('each class made from words keeps its name, code, parameters and message', () => {
    const config = new ConnectorConfigError('projectIdMissing', { connector: 'WalletConnect', option: 'walletConnect({ projectId })' })
    expect([config.name, config.errorCode, config.params, config.shortMessage]).toEqual([
      'ConnectorConfigError',
      'projectIdMissing',
      { connector: 'WalletConnect', option: 'walletConnect({ projectId })' },
      'WalletConnect needs a projectId (in walletConnect({ projectId }) or createPortico({ projectId }))',
    ])
    const cause = new Error('socket closed')
    const connection = new ConnectionError(codedWords(SETUP_MESSAGES, 'noClient', { store: 'X' }), { cause })
    expect([connection.name, connection.errorCode, connection.params, connection.details, connection.cause]).toEqual(['ConnectionError', 'noClient', { store: 'X' }, 'socket closed', cause])
    const made = errorOf(SETUP_MESSAGES, 'noClient', { store: 'Y' }, { details: 'why' })
    expect([made.name, made.errorCode, made.params, made.shortMessage, made.details]).toEqual(['PorticoError', 'noClient', { store: 'Y' }, 'Y has no client: call Y.setClient(api) first', 'why'])
  })
})
