/** What `porticoConnector` (portico/wagmi) throws to the app's developer or to wagmi. */
export const WAGMI_MESSAGES = {
  wagmiNeedsPortico: 'porticoConnector needs a running Portico: porticoConnector(createPortico({ networks }))',
  wagmiRestoreTimeout: 'restoreTimeout must be a number of milliseconds, 0 or more; got {value}',
  wagmiNoChainId: 'The wallet gave no usable chain id (eth_chainId: {value}).',
  wagmiNothingToRestore: 'Portico holds no connected EVM account to restore.',
  wagmiNoNetwork: 'Portico has no EVM network active.',
  wagmiModalClosed: 'The Portico modal was closed before a wallet connected.',
} as const
