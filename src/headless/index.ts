/**
 * `portico/headless`: hooks for an app's own connect UI on Portico's rules (ordering, search,
 * pairing, email login, sign-in, sending), with no modal code, view or stylesheet.
 *
 * @module portico/headless
 */
export type { AccountInfo, Portico, PorticoOptions, SiwxBackend, SiwxOptions, SiwxSession } from '../createPortico'
export { createPortico } from './createPortico'
export { PorticoError } from '../errors/PorticoError'
export { HeadlessProvider } from './HeadlessProvider'
export { useAccount, type UseAccount } from './useAccount'
export { useActivity, type UseActivity } from './useActivity'
export { useBalance, type UseBalance } from './useBalance'
export { useBuy, type UseBuy } from './useBuy'
export { useConnect, type ConnectStatus, type ConnectTarget, type UseConnect } from './useConnect'
export { useDisconnect, type UseDisconnect } from './useDisconnect'
export { RESEND_INTERVAL_MS, useEmailLogin, type EmailLoginStep, type UseEmailLogin } from './useEmailLogin'
export { useNetworks, type UseNetworks } from './useNetworks'
export { useSend, type UseSend } from './useSend'
export { useSignIn, type UseSignIn } from './useSignIn'
export { useSwap, type UseSwap } from './useSwap'
export { useWallets, type HeadlessWallet, type UseWallets, type WalletSource } from './useWallets'
