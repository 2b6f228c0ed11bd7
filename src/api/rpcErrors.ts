import { PorticoError } from '../errors/PorticoError'

/** What a node refused, in the modal's terms. */
export type RpcNodeErrorReason =
  | 'execution-reverted'
  | 'fee-cap-too-high'
  | 'fee-cap-too-low'
  | 'nonce-too-high'
  | 'nonce-too-low'
  | 'nonce-max'
  | 'insufficient-funds'
  | 'intrinsic-gas-too-high'
  | 'intrinsic-gas-too-low'
  | 'tip-above-fee-cap'

/**
 * Node messages (geth, Hardhat/EDR, Anvil, Erigon, Nethermind wordings) and the readable text
 * shown for each. Order matters: the first match wins, and "reverted" is tried last.
 */
const RULES: [RpcNodeErrorReason, RegExp, string][] = [
  ['nonce-max', /nonce has max value/i, 'The account nonce has reached its maximum value.'],
  ['nonce-too-high', /nonce too high/i, 'The transaction nonce is higher than the account’s next nonce.'],
  ['nonce-too-low', /nonce too low|transaction already imported|already known/i, 'The transaction nonce was already used by an earlier transaction.'],
  ['insufficient-funds', /insufficient funds|exceeds transaction sender account balance|doesn't have enough funds|not enough funds/i, 'The account does not have enough funds to pay for the transaction and its gas.'],
  ['tip-above-fee-cap', /max priority fee per gas higher than max fee per gas|tip higher than fee cap|maxPriorityFeePerGas .*(bigger|greater|higher) than maxFeePerGas/i, 'The priority fee (tip) is above the maximum fee per gas.'],
  ['fee-cap-too-high', /max fee per gas higher than 2\^256-1|fee cap higher than 2\^256-1|fee cap too high/i, 'The maximum fee per gas is higher than the largest allowed value.'],
  ['fee-cap-too-low', /max fee per gas less than block base fee|fee cap less than block base fee|transaction is outdated|maxFeePerGas .*too low|fee cap too low/i, 'The maximum fee per gas is below the current base fee.'],
  ['intrinsic-gas-too-high', /intrinsic gas too high|gas limit reached|exceeds block gas limit|exceeds transaction gas cap/i, 'The gas limit is higher than a block allows.'],
  ['intrinsic-gas-too-low', /intrinsic gas too low|requires at least \d+ gas|gas too low/i, 'The gas limit is too low for this transaction.'],
  ['execution-reverted', /execution reverted|reverted/i, 'The transaction was reverted by the contract.'],
]

/**
 * A node's refusal made readable: `shortMessage` says what went wrong in plain words,
 * `reason` names it for code, `details` keeps the node's own message.
 *
 * @example
 * catch (e) { if (e instanceof RpcNodeError && e.reason === 'insufficient-funds') … }
 */
export class RpcNodeError extends PorticoError {
  override name = 'RpcNodeError'
  constructor(
    shortMessage: string,
    readonly reason: RpcNodeErrorReason,
    readonly code: number | undefined,
    options: { details: string; cause?: Error | undefined },
  ) {
    super(shortMessage, options)
  }

  /**
   * The refusal a node would give for `reason`, for when Portico sees it coming first (a
   * balance below value plus gas, found before the node is asked).
   *
   * @example
   * throw RpcNodeError.fromReason('insufficient-funds', 'The balance 1 is below 2.')
   */
  static fromReason(reason: RpcNodeErrorReason, details: string): RpcNodeError {
    const text = RULES.find(([known]) => known === reason)?.[2] ?? reason
    return new RpcNodeError(text, reason, undefined, { details })
  }
}

/**
 * Which known refusal a node's words describe, if any (the one place the wordings are read).
 *
 * @example
 * nodeErrorReason('insufficient funds for gas * price + value') // 'insufficient-funds'
 */
export function nodeErrorReason(message: string): RpcNodeErrorReason | undefined {
  return RULES.find(([, pattern]) => pattern.test(message))?.[0]
}

function nodeMessage(error: unknown): string {
  const parts: string[] = []
  let current: unknown = error
  for (let depth = 0; current && depth < 8; depth++) {
    const e = current as { details?: unknown; shortMessage?: unknown; message?: unknown; cause?: unknown }
    for (const part of [e.details, e.shortMessage, e.message]) if (typeof part === 'string') parts.push(part)
    current = e.cause
  }
  return parts.join('\n')
}

function rpcCode(error: unknown): number | undefined {
  let current: unknown = error
  for (let depth = 0; current && depth < 8; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'number') return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/**
 * Classifies a node error by its message; undefined when it is not one of the known refusals.
 * A revert keeps the contract's reason when the node gave one.
 *
 * @example
 * toRpcNodeError(new Error('Nonce too low. Expected nonce to be 1 but got 0.'))?.reason // 'nonce-too-low'
 */
export function toRpcNodeError(error: unknown): RpcNodeError | undefined {
  if (error instanceof RpcNodeError) return error
  const message = nodeMessage(error)
  const rule = RULES.find(([, pattern]) => pattern.test(message))
  if (!rule) return undefined
  const [reason, , text] = rule
  const details = (message.split('\n').find((line) => rule[1].test(line)) ?? message).trim()
  let shortMessage = text
  if (reason === 'execution-reverted') {
    const why = /reverted with reason string ['"](.+?)['"]|execution reverted: (.+)/i.exec(message)
    const said = why?.[1] ?? why?.[2]
    if (said) shortMessage = `The transaction was reverted by the contract: ${said.trim()}`
  }
  return new RpcNodeError(shortMessage, reason, rpcCode(error), { details, cause: error instanceof Error ? error : undefined })
}
