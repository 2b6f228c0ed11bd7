import { beforeEach, describe, expect, it } from 'vitest'
import { deferred, scriptedAuthConnector } from '../../../tests/support/scriptedAuthConnector'
import { mainnet } from '../../../tests/support/connectionWallets'
import { memoryStorage } from '../../../tests/support/memoryStorage'
import { createAccountController } from '../AccountController'
import { createChainController } from '../ChainController'
import { createConnectionController } from '../ConnectionController'
import { createConnectorController } from '../ConnectorController'
import { createStorageController } from '../StorageController'
import { createStores } from '../stores'
import { testStore, resetAllStores } from '../../../tests/support/testStores'

const StorageController = testStore(createStorageController)

const ADDRESS = '0x00000000000000000000000000000000000000a1'
let auth: ReturnType<typeof scriptedAuthConnector>
let AccountController: ReturnType<typeof createAccountController>
let ConnectionController: ReturnType<typeof createConnectionController>
let ConnectorController: ReturnType<typeof createConnectorController>

beforeEach(() => {
  resetAllStores()
  StorageController.setStorage(memoryStorage())
  // A fresh Portico's stores for each test.
  const stores = createStores()
  ;[AccountController, ConnectionController, ConnectorController] = [stores.get(createAccountController), stores.get(createConnectionController), stores.get(createConnectorController)]
  stores.get(createChainController).setNetworks([mainnet])
  auth = scriptedAuthConnector({ namespace: 'eip155', accounts: [ADDRESS], chainId: 'eip155:1' })
  ConnectorController.register(auth)
})

const login = () => ConnectionController.state.login

describe('the email login, as steps of the connect flow', () => {
  it('sending, then the code; a wrong code keeps it at the code; the right one connects and ends the login', async () => {
    const sent = deferred<'VERIFY_OTP'>()
    auth.answers.connectEmail.push(sent.promise)
    const started = ConnectionController.connectEmail('ada@example.com')
    expect(login()).toEqual({ method: 'email', email: 'ada@example.com', step: 'sending' })
    const beforeSend = Date.now()
    sent.resolve('VERIFY_OTP')
    await started
    expect(login()).toEqual({ method: 'email', email: 'ada@example.com', step: 'code', sentAt: expect.any(Number) })
    const sentAt = (login() as { sentAt: number }).sentAt
    expect(sentAt).toBeGreaterThanOrEqual(beforeSend)

    // Another code: the mail's time moves on, the step stays.
    await new Promise((resolve) => setTimeout(resolve, 5))
    auth.answers.connectEmail.push(Promise.resolve('VERIFY_OTP'))
    await ConnectionController.resendEmailCode()
    expect(login()).toMatchObject({ step: 'code' })
    expect((login() as { sentAt: number }).sentAt).toBeGreaterThan(sentAt)

    auth.answers.connectOtp.push(Promise.reject(new Error('Invalid code')))
    await expect(ConnectionController.verifyEmailCode('000000')).rejects.toThrow('Invalid code')
    expect(login()).toMatchObject({ method: 'email', email: 'ada@example.com', step: 'code' })

    auth.answers.connectOtp.push(Promise.resolve())
    await ConnectionController.verifyEmailCode('123456')
    expect(login()).toBeUndefined()
    expect(AccountController.getAccount('eip155')?.address).toBe(ADDRESS)
    expect(auth.calls).toEqual(['prepare', 'connectEmail:ada@example.com', 'prepare', 'connectEmail:ada@example.com', 'prepare', 'connectOtp:000000', 'prepare', 'connectOtp:123456', 'connect:portico-auth'])
  })

  it('a new device: the link, then the code once the device is approved', async () => {
    auth.answers.connectEmail.push(Promise.resolve('VERIFY_DEVICE'))
    await ConnectionController.connectEmail('ada@example.com')
    expect(login()).toMatchObject({ step: 'device' })
    auth.answers.connectDevice.push(Promise.resolve())
    await ConnectionController.waitForEmailDevice()
    expect(login()).toMatchObject({ method: 'email', step: 'code' })
  })

  it('a refused address ends the login; a later step without a login is refused with its code', async () => {
    auth.answers.connectEmail.push(Promise.reject(new Error('Too many requests')))
    await expect(ConnectionController.connectEmail('ada@example.com')).rejects.toThrow('Too many requests')
    expect(login()).toBeUndefined()
    await expect(ConnectionController.resendEmailCode()).rejects.toMatchObject({ errorCode: 'emailMissing' })
    await expect(ConnectionController.verifyEmailCode('123456')).rejects.toMatchObject({ errorCode: 'emailMissing' })
    expect(auth.calls.filter((call) => call.startsWith('connectOtp'))).toEqual([])
  })

  it('a newer login takes over: the older address, answered late, moves no step', async () => {
    const first = deferred<'VERIFY_OTP'>()
    auth.answers.connectEmail.push(first.promise, Promise.resolve('VERIFY_OTP'))
    const older = ConnectionController.connectEmail('old@example.com')
    await ConnectionController.connectEmail('new@example.com')
    first.resolve('VERIFY_OTP')
    await older
    expect(login()).toMatchObject({ method: 'email', email: 'new@example.com', step: 'code' })
  })

  it('the code connects even when the secure site says the device is known (CONNECT)', async () => {
    auth.answers.connectEmail.push(Promise.resolve('CONNECT'))
    await ConnectionController.connectEmail('ada@example.com')
    expect(login()).toBeUndefined()
    expect(ConnectionController.state.byNamespace.eip155?.status).toBe('connected')
  })
})

describe('the social and Farcaster logins, as steps of the connect flow', () => {
  it('shows the popup step while the provider answers, and ends it with the connection', async () => {
    const back = deferred<string>()
    const popup = { navigate: (url: string) => void auth.calls.push(`popup:${url}`), result: () => back.promise, close: () => void auth.calls.push('popup:close') }
    auth.answers.extension.push(Promise.resolve({ uri: 'https://accounts.example/authorize?x=1', callbackOrigin: 'https://secure.example/cb' }), Promise.resolve({}))
    const running = ConnectionController.connectSocial('google', popup)
    expect(login()).toEqual({ method: 'social', provider: 'google', step: 'popup' })
    await expect.poll(() => auth.calls).toContain('popup:https://accounts.example/authorize?x=1')
    back.resolve('https://secure.example/cb?code=abc')
    await running
    expect(login()).toBeUndefined()
    expect(AccountController.getAccount('eip155')?.address).toBe(ADDRESS)
  })

  it('shows the Farcaster link once the secure site gives it, and ends the login when it fails', async () => {
    const approved = deferred<Record<string, unknown>>()
    auth.answers.extension.push(Promise.resolve({ url: 'https://farcaster.example/~/connect?channel=1' }), approved.promise)
    const running = ConnectionController.connectFarcaster()
    expect(login()).toEqual({ method: 'farcaster', step: 'link', url: undefined })
    await expect.poll(() => login()).toEqual({ method: 'farcaster', step: 'link', url: 'https://farcaster.example/~/connect?channel=1' })
    approved.reject(new Error('The Farcaster app did not answer'))
    await expect(running).rejects.toThrow('Failed to connect to farcaster')
    expect(login()).toBeUndefined()
  })
})
