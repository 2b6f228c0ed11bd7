import type { Hex } from '../core/hex'
import type { BatchOutcome, SendBatch } from './SendClient'
import { toWalletError, WalletError } from './walletErrors'

/** A request to the connected wallet (the send client's, which says when none is connected). */
type WalletRequest = (method: string, params: unknown[]) => Promise<unknown>

const STATUS_POLL_MS = 250
const hex = (value: bigint | number) => `0x${value.toString(16)}`

/**
 * EIP-5792 `wallet_sendCalls` with `atomicRequired`: every call applies or none does. Resolves the
 * batch's id. A refusal keeps the wallet's own words (a smart account's bundler says why it
 * refused the whole batch); a rejection in the wallet is `requestRejected`.
 *
 * @example
 * const id = await sendCallsBatch(request, { from, chainId: 31337, calls: [approve, swap] })
 */
export async function sendCallsBatch(request: WalletRequest, batch: SendBatch): Promise<string> {
  try {
    const calls = batch.calls.map((call) => ({ to: call.to, value: hex(call.value), data: call.data }))
    const answer = (await request('wallet_sendCalls', [{ version: '2.0.0', chainId: hex(batch.chainId), from: batch.from, atomicRequired: true, calls }])) as { id?: unknown } | string | null
    const id = typeof answer === 'string' ? answer : answer?.id
    if (typeof id !== 'string') throw new WalletError('The wallet gave no id for the calls it sent.')
    return id
  } catch (error) {
    throw toWalletError(error, 'request')
  }
}

/**
 * Polls `wallet_getCallsStatus` until the batch lands. EIP-5792's codes: 1xx pending, 200 applied,
 * 4xx not included, 5xx reverted (an atomic batch: nothing applied), 600 partly applied.
 *
 * @example
 * const { status, hash } = await waitForCallsBatch(request, id, 120_000)
 */
export async function waitForCallsBatch(request: WalletRequest, id: string, timeoutMs: number): Promise<BatchOutcome> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const answer = (await request('wallet_getCallsStatus', [id])) as { status?: number; receipts?: { transactionHash?: Hex }[] } | null
    const status = answer?.status ?? 100
    const hash = answer?.receipts?.[0]?.transactionHash
    if (status === 200) return { status: 'success', hash }
    if (status >= 400 && status < 600) return { status: 'reverted', hash }
    if (status >= 600) throw new WalletError(`The wallet applied only some of the calls of ${id}.`)
    if (Date.now() > deadline) throw new WalletError(`The calls ${id} were not mined within ${Math.round(timeoutMs / 60_000)} minutes.`)
    await new Promise((resolve) => setTimeout(resolve, STATUS_POLL_MS))
  }
}
