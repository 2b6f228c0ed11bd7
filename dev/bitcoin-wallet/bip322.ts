import { sha256 } from '@noble/hashes/sha2.js'
import { base64 } from '@scure/base'
import * as btc from '@scure/btc-signer'

const TAG = /* @__PURE__ */ sha256(new TextEncoder().encode('BIP0322-signed-message'))

/** BIP-322's message hash: SHA-256 tagged with `BIP0322-signed-message`. */
export function bip322MessageHash(message: Uint8Array): Uint8Array {
  const data = new Uint8Array(64 + message.length)
  data.set(TAG, 0)
  data.set(TAG, 32)
  data.set(message, 64)
  return sha256(data)
}

/**
 * Signs `message` for the address whose output script is `script` with BIP-322's "simple" form
 * (P2WPKH and P2TR key-path): the witness of the virtual `to_sign` transaction that spends the
 * virtual `to_spend` one, serialized and base64-encoded. Built with @scure/btc-signer.
 */
export function signBip322Simple(privateKey: Uint8Array, script: Uint8Array, message: Uint8Array): string {
  const toSpend = new btc.Transaction({ version: 0, allowUnknownInputs: true, allowUnknownOutputs: true })
  // The output first: scure adds no output to a transaction that has a final input.
  toSpend.addOutput({ script, amount: 0n })
  toSpend.addInput({
    txid: new Uint8Array(32),
    index: 0xffffffff,
    sequence: 0,
    finalScriptSig: btc.Script.encode(['OP_0', bip322MessageHash(message)]),
  })
  const toSign = new btc.Transaction({ version: 0, allowUnknownOutputs: true })
  const isTaproot = script[0] === 0x51
  toSign.addInput({
    txid: toSpend.id,
    index: 0,
    sequence: 0,
    witnessUtxo: { script, amount: 0n },
    ...(isTaproot ? { tapInternalKey: btc.utils.pubSchnorr(privateKey) } : {}),
  })
  toSign.addOutput({ script: btc.Script.encode(['RETURN']), amount: 0n })
  toSign.sign(privateKey)
  toSign.finalize()
  const witness = toSign.getInput(0).finalScriptWitness!
  return base64.encode(btc.RawWitness.encode(witness))
}
