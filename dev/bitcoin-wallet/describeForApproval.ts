import { Bitcoin } from '../../src/core/index'

/** Satoshis as BTC with 8 decimals, trailing zeros dropped: 100000n → '0.001'. */
export function formatBtc(sats: bigint): string {
  const whole = sats / 100_000_000n
  const fraction = (sats % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : `${whole}`
}

const WARNINGS: Record<Bitcoin.PsbtWarning, string> = {
  sighashNone: 'SIGHASH_NONE: the signature commits to no output, so anyone could redirect the funds',
  sighashSingle: 'SIGHASH_SINGLE: the signature commits to only one output',
  anyoneCanPay: 'ANYONECANPAY: others may add inputs',
  foreignInput: 'An input is not one of this wallet\'s addresses',
}

/**
 * What the approval panel shows for a PSBT, as the WASM core decodes it: each recipient and
 * amount, the change, the fee and fee rate, and a warning row per risk.
 */
export function describeForApproval(psbt: Uint8Array, owned: readonly string[]): Array<readonly [string, string]> {
  const d = Bitcoin.describePsbt(psbt, { network: 'regtest', owned })
  const rows: Array<readonly [string, string]> = []
  d.outputs.forEach((o, i) => {
    if (!o.change) rows.push([`Recipient ${i + 1}`, `${formatBtc(o.amount)} BTC to ${o.address ?? 'a script with no address'}`])
  })
  if (d.change > 0n) rows.push(['Change', `${formatBtc(d.change)} BTC back to this wallet`])
  rows.push(['Fee', `${formatBtc(d.fee)} BTC (${d.feeRate.toFixed(1)} sat/vB${d.weightEstimated ? ', estimated' : ''})`])
  for (const w of d.warnings) rows.push(['Warning', WARNINGS[w]])
  return rows
}
