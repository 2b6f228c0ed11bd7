/**
 * `portico/bitcoin`: Bitcoin networks (CAIP-2 `bip122:` ids, Esplora APIs) and the connector for
 * Wallet Standard Bitcoin wallets (payment and ordinals addresses).
 *
 * `createPortico` already lists the page's Bitcoin wallets when the app names a Bitcoin network;
 * `bitcoinConnectors()` is for an app that turns discovery off (`discoverWallets: false`) and
 * picks its connectors itself.
 *
 * @example
 * import { bitcoin, bitcoinConnectors } from 'portico/bitcoin'
 * createPortico({ networks: [mainnet, bitcoin], discoverWallets: false, connectors: [bitcoinConnectors()] })
 *
 * @module portico/bitcoin
 */
export { bitcoin, bitcoinNetwork, bitcoinTestnet } from './bitcoinNetworks'
export { BITCOIN_GENESIS, bitcoinWalletChainOf, type BitcoinNetworkName, type BitcoinWalletChain } from '../../networks/bitcoinChains'
export { BitcoinConnector, bitcoinConnectorId } from './BitcoinConnector'
export { bitcoinConnectors, isBitcoinWallet } from './bitcoinConnectors'
export type { BitcoinAccount, BitcoinSignInput, BitcoinWalletProvider } from './BitcoinWalletProvider'
