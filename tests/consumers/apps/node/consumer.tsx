// Type-checked with `tsc --noEmit --strict` under moduleResolution bundler and node16: the public
// types resolve, and misuse is an error (each @ts-expect-error fails the check if types were `any`).
import { Address, BaseError, Rlp, init, type Hex } from 'portico/core'
import { ConnectButton, PorticoProvider, createPortico, usePorticoAccount, type AccountInfo, type Portico, type PorticoOptions } from 'portico/react'

// The network literal of the README's example, as written there.
const mainnet = { id: 1, caipNetworkId: 'eip155:1', chainNamespace: 'eip155', name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['https://rpc.example.org'] } } } as const
const options: PorticoOptions = { networks: [mainnet], themeMode: 'dark' }
const portico: Portico = createPortico(options)
portico.open()

export function App() {
  return (
    <PorticoProvider portico={portico}>
      <ConnectButton label="Sign in" />
      <Account />
    </PorticoProvider>
  )
}

function Account() {
  const account: AccountInfo = usePorticoAccount()
  return <p>{account.isConnected ? account.address : 'not connected'}</p>
}

export async function checksum(value: string): Promise<Hex | string> {
  await init()
  try {
    const bytes: Uint8Array = Rlp.encode([new TextEncoder().encode(value)])
    return `${Address.checksum(value)} ${bytes.length}`
  } catch (error) {
    if (error instanceof BaseError) return error.shortMessage
    throw error
  }
}

// @ts-expect-error networks is required
createPortico({})
// @ts-expect-error themeMode is 'light' | 'dark'
createPortico({ networks: [], themeMode: 'blue' })
// @ts-expect-error checksum takes a string
Address.checksum(42)
// @ts-expect-error ConnectButton's label is a string
export const wrong = <ConnectButton label={1} />
