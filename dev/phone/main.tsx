import { createRoot } from 'react-dom/client'
import { privateKeyToAccount } from 'viem/accounts'
import { devSolanaKeypair } from '../solana-rpc/devSolanaAccounts'
import { createApprovalPanel } from '../wallet/ApprovalPanel'
import { hardhatDevPrivateKeys } from '../wallet/devAccounts'
import { PhoneApp } from './PhoneApp'
import { phoneBitcoinKeys } from './phoneBitcoinKeys'
import { phoneConfig } from './phoneConfig'
import { PhoneWallet } from './PhoneWallet'
import { phoneWalletIcon } from './phoneWalletIcon'

const root = createRoot(document.getElementById('app')!)

const wallet = await PhoneWallet.create({
  relayUrl: phoneConfig.relayUrl,
  projectId: phoneConfig.projectId,
  chains: phoneConfig.chains,
  // Dev accounts 0 and 1, as the browser dev wallet has: funded on every local chain, public keys.
  accounts: hardhatDevPrivateKeys.slice(0, 2).map((key) => privateKeyToAccount(key)),
  approve: createApprovalPanel({ walletName: 'Portico Phone Wallet', icon: phoneWalletIcon }),
  url: location.origin,
  // Its own Solana key (not a seeded account, so no other test moves its balance): fund it with an airdrop.
  ...(phoneConfig.solana && { solana: { keypair: devSolanaKeypair('phone'), others: [devSolanaKeypair('phone 2')], cluster: phoneConfig.solana } }),
  // Keys from its own dev seed (BIP-32): fund its payment address from the regtest faucet.
  ...(phoneConfig.bitcoin && { bitcoin: { keys: phoneBitcoinKeys(0), others: [phoneBitcoinKeys(1)], network: phoneConfig.bitcoin } }),
}).catch((error: Error) => {
  root.render(
    <main>
      <h1>Portico Phone Wallet</h1>
      <p role="alert">The phone wallet could not start: {error.message}</p>
    </main>,
  )
  throw error
})

root.render(<PhoneApp wallet={wallet} />)
