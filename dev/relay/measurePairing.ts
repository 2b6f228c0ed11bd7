import { WalletKit } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { UniversalProvider } from '@walletconnect/universal-provider'
import { buildApprovedNamespaces } from '@walletconnect/utils'
import { start } from './start'

/**
 * Measures WalletConnect pairing on the local relay, in one Node process: a dapp-side
 * `UniversalProvider` and a wallet-side WalletKit that approves at once, `runs` times.
 * Prints the median and worst of: connect() → URI ready, and wallet pair() → session at the dapp.
 *
 *     npx tsx dev/relay/measurePairing.ts [runs=20]
 */
process.env.IS_VITEST = 'true' // no verify or analytics calls to remote hosts

const runs = Number(process.argv[2] ?? 20)
const relay = await start()
const metadata = { name: 'Pairing bench', description: '', url: 'http://127.0.0.1', icons: [] }
const account = 'eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const uriReady: number[] = []
const roundTrip: number[] = []

for (let run = 0; run < runs; run++) {
  const dapp = await UniversalProvider.init({ projectId: 'bench', relayUrl: relay.url, logger: 'error', metadata, customStoragePrefix: `dapp-${run}` })
  const core = new Core({ projectId: 'bench', relayUrl: relay.url, customStoragePrefix: `wallet-${run}` })
  const wallet = await WalletKit.init({ core, metadata: { ...metadata, name: 'Bench wallet' } })
  wallet.on('session_proposal', (proposal) => {
    const namespaces = buildApprovedNamespaces({
      proposal: proposal.params,
      supportedNamespaces: { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: ['accountsChanged'], accounts: [account] } },
    })
    void wallet.approveSession({ id: proposal.id, namespaces })
  })
  const connectStarted = performance.now()
  const uri = new Promise<string>((resolve) => dapp.on('display_uri', resolve))
  const session = dapp.connect({ optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: ['accountsChanged'] } } })
  const link = await uri
  uriReady.push(performance.now() - connectStarted)
  const pairStarted = performance.now()
  await wallet.pair({ uri: link })
  await session
  roundTrip.push(performance.now() - pairStarted)
  await dapp.client.core.relayer.transportClose()
  await wallet.core.relayer.transportClose()
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return `median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, worst ${sorted.at(-1)!.toFixed(0)} ms`
}
console.log(`${runs} pairings on the local relay (${relay.url})`)
console.log(`connect() → URI ready:              ${summary(uriReady)}`)
console.log(`wallet pair() → session at the dapp: ${summary(roundTrip)}`)
await relay.stop()
process.exit(0)
