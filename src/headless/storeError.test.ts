import { describe, expect, it } from 'vitest'
import { sendNotice } from '../controllers/sendFlow'
import { errorOf, PorticoError } from '../errors/PorticoError'
import { ACCOUNT_MESSAGES } from '../errors/errorMessages'
import { storeError } from './storeError'

describe('storeError', () => {
  it('no failure: no error', () => {
    expect(storeError({ error: undefined, errorCode: 'sendNotSetUp' })).toBeUndefined()
  })

  it('a code Portico wrote stays the code, with the same words', () => {
    const error = storeError(sendNotice(errorOf(ACCOUNT_MESSAGES, 'connectWalletFirst')))
    expect(error).toBeInstanceOf(PorticoError)
    expect(error?.errorCode).toBe('connectWalletFirst')
    expect(error?.shortMessage).toBe('Connect a wallet first.')
    const node = storeError(sendNotice(errorOf(ACCOUNT_MESSAGES, 'solanaNode', { reason: 'fetch failed' })))
    expect(node?.errorCode).toBe('solanaNode')
    expect(node?.params).toEqual({ reason: 'fetch failed' })
  })

  it('a wallet’s refusal keeps the name of the error it came from as its code', () => {
    class UserRejectedRequestError extends PorticoError {
      override name = 'UserRejectedRequestError'
    }
    const error = storeError(sendNotice(new UserRejectedRequestError('User rejected the request.')))
    expect(error?.errorCode).toBe('UserRejectedRequestError')
    expect(error?.shortMessage).toBe('User rejected the request.')
    expect(storeError(sendNotice(new Error('node down')))?.errorCode).toBe('PorticoError')
  })
})
