import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { createPortico, type Portico } from '../../src/createPortico'
import { ConnectButton, PorticoProvider } from '../../src/react'
import { answerWallet } from '../support/devWalletHarness'
import { chainA, closeApp, journeyWallet, networks, stack, WALLET } from './journeyHarness'
import { dialog, resetStores } from './modalHarness'

let portico: Portico | undefined

afterEach(async () => {
  await closeApp(portico)
  portico = undefined
})

/** An app's own button over Portico's modal. */
function MyButton() {
  return (
    <ConnectButton.Custom>
      {({ status, account, network, openConnectModal, openAccountModal }) =>
        account ? (
          <button type="button" onClick={openAccountModal}>{`${network?.name ?? ''} | ${account.displayName} | ${account.displayBalance ?? ''}`}</button>
        ) : (
          <button type="button" onClick={openConnectModal} disabled={status === 'connecting'}>Log in</button>
        )
      }
    </ConnectButton.Custom>
  )
}

describe('<ConnectButton.Custom>: the app draws the button, Portico keeps the modal', () => {
  it('opens Connect from the custom button, then hands it the account, network and balance, and opens Account', async () => {
    const wallet = journeyWallet({ account: 4 })
    resetStores()
    portico = createPortico({ networks, apiUrl: stack.backendUrl, projectId: 'portico-journey', metadata: { name: 'Portico Demo', description: '', url: location.origin, icons: [] } })
    await render(<PorticoProvider portico={portico}><MyButton /></PorticoProvider>)
    await page.getByRole('button', { name: 'Log in' }).click()
    await expect.element(page.getByRole('dialog', { name: 'Connect wallet' })).toBeVisible()
    await dialog().getByRole('button', { name: new RegExp(WALLET) }).click()
    await answerWallet('Approve', `Connect to ${location.host}`)
    const short = `${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`
    const button = page.getByRole('button', { name: new RegExp(`^${chainA.name} \\| ${short} \\| [0-9][0-9,.]* ETH$`) })
    await expect.element(button, { timeout: 20_000 }).toBeVisible()
    await button.click()
    await expect.element(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
  })
})
