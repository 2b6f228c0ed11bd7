/**
 * `portico/react`: the provider, buttons and hooks, and `createPortico`.
 *
 * @module portico/react
 */
export { createPortico, type AccountInfo, type Portico, type PorticoOptions, type SiwxBackend, type SiwxOptions, type SiwxSession } from '../createPortico'
export { ConnectButton, type ConnectButtonProps } from './ConnectButton'
export type { AccountStatus, ByScreen, ChainStatus } from './buttonStatus'
export { NetworkButton } from './NetworkButton'
export { usePortico, usePorticoAccount, usePorticoNetwork, usePorticoSession, type PorticoSession } from './hooks'
export { PorticoProvider } from './PorticoProvider'
