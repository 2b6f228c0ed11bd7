/** `portico/react`: the provider, buttons and hooks, and `createPortico`. */
export { createPortico, type AccountInfo, type Portico, type PorticoOptions } from '../createPortico'
export { ConnectButton } from './ConnectButton'
export { NetworkButton } from './NetworkButton'
export { usePortico, usePorticoAccount, usePorticoNetwork } from './hooks'
export { PorticoProvider } from './PorticoProvider'
