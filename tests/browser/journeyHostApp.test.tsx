import { afterEach, describe, expect, it } from 'vitest'
import { createWalletClient, custom, getAddress, verifyMessage } from 'viem'
import type { Portico } from '../../src/createPortico'
import { answerWallet } from '../support/devWalletHarness'
import { closeApp, connectThroughModal, journeyWallet, startApp } from './journeyHarness'

let portico: Portico | undefined

afterEach(async () => {
  await closeApp(portico)
  portico = undefined
})

describe('journey: the host app uses the connected wallet', () => {
  it('gets the wallet as an EIP-1193 provider that a viem transport signs through', async () => {
    const wallet = journeyWallet()
    portico = await startApp()
    expect(portico.getProvider('eip155')).toBeUndefined()
    await connectThroughModal()

    const provider = portico.getProvider('eip155')
    expect(provider).toBeDefined()
    const client = createWalletClient({ transport: custom(provider!) })
    const [address] = await client.getAddresses()
    expect(getAddress(address!)).toBe(wallet.address)

    const signing = client.signMessage({ account: address!, message: 'Sign in to the host app' })
    await answerWallet('Approve', 'Sign a message')
    const signature = await signing
    expect(await verifyMessage({ address: wallet.address, message: 'Sign in to the host app', signature })).toBe(true)
    expect(portico.getProvider('solana')).toBeUndefined()
  })
})
