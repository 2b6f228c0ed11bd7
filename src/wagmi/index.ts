/**
 * `portico/wagmi`: Portico's modal as the connect UI of a wagmi 3 app.
 *
 * @module portico/wagmi
 */
export { porticoConnector, type PorticoConnectorOptions, type PorticoForWagmi, type WalletProvider } from './porticoConnector'
