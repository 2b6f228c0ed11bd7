/**
 * `portico/react`: the provider, buttons and hooks, and `createPortico`.
 *
 * @module portico/react
 */
export { createPortico, type AccountInfo, type Portico, type PorticoOptions, type SiwxBackend, type SiwxOptions, type SiwxSession } from '../createPortico'
import { ConnectButton as Button } from './ConnectButton'
import { ConnectButtonCustom } from './ConnectButtonCustom'

/** The connect button; `<ConnectButton.Custom>` hands its state to a render function instead (see `ConnectButtonCustom`). */
export const ConnectButton = Object.assign(Button, { Custom: ConnectButtonCustom })
export type { ConnectButtonRenderProps } from './ConnectButtonCustom'
export type { ConnectButtonProps } from './ConnectButton'
export type { AccountStatus, ByScreen, ChainStatus } from './buttonStatus'
export { NetworkButton } from './NetworkButton'
export { usePortico, usePorticoAccount, usePorticoNetwork, usePorticoSession, type PorticoSession } from './hooks'
export { PorticoProvider } from './PorticoProvider'
