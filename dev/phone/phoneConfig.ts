import type { DevWalletChain } from '../wallet/DevWalletChain'
import type { PhoneBitcoinNetwork } from './answerBitcoinRequest'
import type { PhoneSolanaCluster } from './answerSolanaRequest'

/** What `start()` passes to the phone page (through Vite's `define`): the relay, the chains, the Solana cluster and the Bitcoin node (if any). */
export type PhoneConfig = { relayUrl: string; projectId: string; chains: DevWalletChain[]; solana?: PhoneSolanaCluster; bitcoin?: PhoneBitcoinNetwork }

declare const __PORTICO_PHONE__: PhoneConfig | undefined

export const phoneConfig: PhoneConfig =
  typeof __PORTICO_PHONE__ === 'undefined'
    ? { relayUrl: 'ws://127.0.0.1:8555', projectId: 'portico-dev', chains: [{ id: 31337, name: 'Portico Local', rpcUrl: 'http://127.0.0.1:8545' }] }
    : __PORTICO_PHONE__
