import { createWalletClient, custom, verifyMessage, type Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { commands } from 'vitest/browser'
import { connectPhone, PHONE_ACCOUNTS, startWalletConnectApp, walletConnectFile, wc, type WalletConnectApp } from './walletConnectHarness'

let app: WalletConnectApp | undefined

const wcStack = walletConnectFile({ phone: false })

describe('WalletConnect contacts only the local stack', () => {
  it('from loading the phone to a signed request, every request of the browser stays on loopback', async () => {
    await commands.netRecordStart()
    await wc.phoneOpen()
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl })
    // The proposal (Verify's register on the app's side, resolve on the phone's) and a request
    // over the session (register again, then resolve), with the provider loaded from scratch.
    await connectPhone(app)
    const account = PHONE_ACCOUNTS[0] as Address
    const wallet = createWalletClient({ account, transport: custom(app.portico.getProvider('eip155')!) })
    const signing = wallet.signMessage({ message: 'only loopback' })
    await wc.phoneAnswer('Approve', 'Sign a message')
    expect(await verifyMessage({ address: account, message: 'only loopback', signature: await signing })).toBe(true)
    const urls = await commands.netRecordStop()

    // The recorder saw the traffic it should: the phone page and both clients' relay sockets.
    expect(urls.filter((url) => url.startsWith(wcStack.phoneUrl)).length).toBeGreaterThan(0)
    expect(urls.filter((url) => url.startsWith(`${wcStack.relayUrl}/?auth=`) || url.startsWith(`${wcStack.relayUrl}?auth=`)).length).toBeGreaterThanOrEqual(2)
    // The local stack listens on 127.0.0.1; Vitest serves the test page itself from localhost.
    const elsewhere = urls.filter((url) => {
      const { protocol, hostname } = new URL(url)
      return !(['data:', 'blob:'].includes(protocol) || hostname === '127.0.0.1' || hostname === 'localhost')
    })
    expect(elsewhere).toEqual([])
  })
})
