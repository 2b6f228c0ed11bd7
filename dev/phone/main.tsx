import { createRoot } from 'react-dom/client'
import { privateKeyToAccount } from 'viem/accounts'
import { createApprovalPanel } from '../wallet/ApprovalPanel'
import { hardhatDevPrivateKeys } from '../wallet/devAccounts'
import { PhoneApp } from './PhoneApp'
import { phoneConfig } from './phoneConfig'
import { PhoneWallet } from './PhoneWallet'
import { phoneWalletIcon } from './phoneWalletIcon'

const wallet = await PhoneWallet.create({
  relayUrl: phoneConfig.relayUrl,
  projectId: phoneConfig.projectId,
  chains: phoneConfig.chains,
  // Dev accounts 0 and 1, as the browser dev wallet has: funded on every local chain, public keys.
  accounts: hardhatDevPrivateKeys.slice(0, 2).map((key) => privateKeyToAccount(key)),
  approve: createApprovalPanel({ walletName: 'Portico Phone Wallet', icon: phoneWalletIcon }),
  url: location.origin,
})

createRoot(document.getElementById('app')!).render(<PhoneApp wallet={wallet} />)
