// A plain Node ES module script: portico/core from the installed tarball, no bundler, no DOM.
import { Address, Rlp, Transaction, init } from 'portico/core'

await init()
const encoded = Rlp.encode([new TextEncoder().encode('cat'), []])
const tx = Transaction.serialize({ chainId: 1, nonce: 0, maxFeePerGas: 30_000_000_000n, maxPriorityFeePerGas: 1n, gas: 21_000n, to: '0x0000000000000000000000000000000000000001', value: 1n })
console.log(
  JSON.stringify({
    checksum: Address.checksum('0xd8da6bf26964af9d7eed9e03e53415d37aa96045'),
    rlp: Buffer.from(encoded).toString('hex'),
    tx,
  }),
)
