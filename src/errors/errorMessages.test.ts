import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { BaseError } from '../core/BaseError'
import { ConnectionError } from './ConnectionError'
import { NoConnectorError } from './ConnectionErrors'
import { ENTRY_MESSAGES } from './entryMessages'
import { ERROR_MESSAGES, errorMessage, MODAL_ERROR_CODES } from './errorMessages'
import { createApiController } from '../controllers/ApiController'
import { codedWords, errorOf, PorticoError } from './PorticoError'
import { SETUP_MESSAGES } from './setupMessages'
import { testStore } from '../../tests/support/testStores'

const ApiController = testStore(createApiController)

/** Every family table beside this file: each `*Messages.ts` but the union, by its exported name. */
async function families(): Promise<Record<string, Readonly<Record<string, string>>>> {
  const files = readdirSync(new URL('.', import.meta.url)).filter((file) => /^\w+Messages\.ts$/.test(file) && file !== 'errorMessages.ts')
  const tables: Record<string, Readonly<Record<string, string>>> = {}
  for (const file of files) Object.assign(tables, await import(/* @vite-ignore */ new URL(file, import.meta.url).href))
  return tables
}

describe('the error catalogue', () => {
  it('is exactly the union of its families, each code in one family only', async () => {
    const tables = await families()
    expect(Object.keys(tables).length).toBeGreaterThanOrEqual(6)
    const seen = new Map<string, string>()
    for (const [family, table] of Object.entries(tables)) {
      for (const [code, text] of Object.entries(table)) {
        expect(seen.get(code), `${code} is in ${seen.get(code)} and ${family}`).toBeUndefined()
        seen.set(code, family)
        expect(ERROR_MESSAGES[code as keyof typeof ERROR_MESSAGES], `${family}.${code}`).toBe(text)
      }
    }
    expect([...seen.keys()].sort()).toEqual(Object.keys(ERROR_MESSAGES).sort())
  })

  it('writes each text once', () => {
    const byText = new Map<string, string[]>()
    for (const [code, text] of Object.entries(ERROR_MESSAGES)) byText.set(text, [...(byText.get(text) ?? []), code])
    expect([...byText.values()].filter((codes) => codes.length > 1)).toEqual([])
  })

  it('holds every code the modal shows', () => {
    for (const code of MODAL_ERROR_CODES) expect(ERROR_MESSAGES[code]).toEqual(expect.any(String))
  })
})

describe('errorOf', () => {
  it('makes a PorticoError in the family words of its code, with its params, options and cause', () => {
    const cause = new Error('the server said no')
    const error = errorOf(ENTRY_MESSAGES, 'resendTooSoon', { seconds: 12 }, { cause, details: 'try later' })
    expect(error).toBeInstanceOf(PorticoError)
    expect(error).toBeInstanceOf(BaseError)
    expect(error.name).toBe('PorticoError')
    expect(error.errorCode).toBe('resendTooSoon')
    expect(error.params).toEqual({ seconds: 12 })
    expect(error.shortMessage).toBe('Another code can be sent in 12 s')
    expect(error.shortMessage).toBe(errorMessage('resendTooSoon', { seconds: 12 }))
    expect(error.message).toContain('Another code can be sent in 12 s')
    expect(error.message).toContain('try later')
    expect(error.cause).toBe(cause)
  })

  it('leaves a parameter it was not given as written, and takes no params as none', () => {
    expect(errorOf(SETUP_MESSAGES, 'noRpcEndpoint').shortMessage).toBe('No RPC endpoint for chain {chainId}: give rpcUrls or proxyUrl')
    expect(errorOf(SETUP_MESSAGES, 'noRpcEndpoint').params).toEqual({})
  })

  it('reads a code only known at run time from the whole catalogue', () => {
    const code = MODAL_ERROR_CODES[0]
    expect(errorOf(ERROR_MESSAGES, code).shortMessage).toBe(ERROR_MESSAGES[code])
  })
})

describe('the coded error classes', () => {
  it('keep their name, code, params and words', () => {
    const noConnector = new NoConnectorError('io.metamask')
    expect(noConnector).toBeInstanceOf(ConnectionError)
    expect([noConnector.name, noConnector.errorCode, noConnector.params, noConnector.shortMessage]).toEqual(['NoConnectorError', 'noConnector', { connectorId: 'io.metamask' }, 'No connector found for connection: io.metamask'])
  })

  it('tell a store used before createPortico handed it its client by the set-up code noClient, naming the store', async () => {
    ApiController.setClient(undefined)
    const error = await ApiController.fetchRecommendedWallets().then(() => undefined, (e: unknown) => e)
    expect(error).toBeInstanceOf(PorticoError)
    const { errorCode, params, shortMessage } = error as PorticoError
    expect([errorCode, params, shortMessage]).toEqual(['noClient', { store: 'ApiController' }, 'ApiController has no client: call ApiController.setClient(api) first'])
  })

  it('give a connection error the words of what it wraps as details', () => {
    const error = new ConnectionError(codedWords(ENTRY_MESSAGES, 'connectFailed'), { cause: new Error('user closed the extension') })
    expect([error.name, error.errorCode, error.shortMessage, error.details]).toEqual(['ConnectionError', 'connectFailed', 'Failed to connect', 'user closed the extension'])
    expect(error.cause).toBeInstanceOf(Error)
  })
})
