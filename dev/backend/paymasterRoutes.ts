import { Hono } from 'hono'
import { concat, encodeAbiParameters, getAddress, hexToBigInt, numberToHex, parseAbi, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { toPackedUserOperation } from 'viem/account-abstraction'
import { z } from 'zod'
import type { BackendContext, BackendEnv } from './BackendContext'
import { checkSponsorshipPolicy, SponsorshipRefusedError } from './sponsorshipPolicy'
import { addressSchema, BadRequestError } from './validation'

/** The JSON-RPC error code of a refusal to sponsor (the client then lets the account pay). */
export const SPONSORSHIP_REFUSED_CODE = -32010

/** A JSON-RPC error answer, with its standard or service code. */
class RpcError extends Error {
  constructor(readonly code: number, message: string) {
    super(message)
  }
}

const hex = z.string().regex(/^0x([0-9a-fA-F]{2})*$/, 'must be 0x-prefixed hex bytes')
const quantity = z.string().regex(/^0x[0-9a-fA-F]{1,64}$/, 'must be a 0x-prefixed hex quantity')
/** An EntryPoint v0.7 UserOperation in its JSON-RPC form (gas fields may still be 0 for stub data). */
const userOperationSchema = z.object({
  sender: addressSchema,
  nonce: quantity,
  factory: addressSchema.nullish(),
  factoryData: hex.nullish(),
  callData: hex,
  callGasLimit: quantity,
  verificationGasLimit: quantity,
  preVerificationGas: quantity,
  maxFeePerGas: quantity,
  maxPriorityFeePerGas: quantity,
  paymasterVerificationGasLimit: quantity.nullish(),
  paymasterPostOpGasLimit: quantity.nullish(),
}).loose()
const paramsSchema = z.tuple([userOperationSchema, addressSchema, quantity], { message: 'must be [userOperation, entryPoint, chainId, context?]' }).rest(z.unknown())
const requestSchema = z.object({ jsonrpc: z.literal('2.0'), id: z.union([z.string(), z.number(), z.null()]), method: z.string(), params: z.unknown() })

type UserOperation = z.infer<typeof userOperationSchema>

const paymasterAbi = parseAbi([
  'struct PackedUserOperation { address sender; uint256 nonce; bytes initCode; bytes callData; bytes32 accountGasLimits; uint256 preVerificationGas; bytes32 gasFees; bytes paymasterAndData; bytes signature; }',
  'function getHash(PackedUserOperation userOp, uint48 validUntil, uint48 validAfter) view returns (bytes32)',
])
/** What the VerifyingPaymaster's own check costs, with room; it has no postOp. */
const PAYMASTER_VERIFICATION_GAS = 100_000n
const PAYMASTER_POST_OP_GAS = 0n
/** A well-formed signature that recovers to no signer: stub data must cost what real data costs. */
const STUB_SIGNATURE: Hex = '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * The paymaster service, `POST {backend}/v1/paymaster?projectId=…`: ERC-7677 JSON-RPC
 * (`pm_getPaymasterStubData`, `pm_getPaymasterData`) for the eth-infinitism VerifyingPaymaster.
 * It sponsors what the policy of `ctx.paymaster` allows, signs with its signer key, and counts each
 * signed operation against the account's daily cap; a refusal is JSON-RPC error -32010 with
 * `data.reason` ('chain', 'account', 'calls', 'target' or 'daily-cap').
 */
export function paymasterRoutes(ctx: BackendContext) {
  const app = new Hono<BackendEnv>()
  const settings = ctx.paymaster
  const signer = settings ? privateKeyToAccount(settings.signerKey) : undefined

  async function answer(method: string, rawParams: unknown): Promise<unknown> {
    if (method !== 'pm_getPaymasterStubData' && method !== 'pm_getPaymasterData') throw new RpcError(-32601, `Method not found: ${method} (this service answers pm_getPaymasterStubData and pm_getPaymasterData)`)
    if (!settings || !signer) throw new RpcError(-32000, 'The paymaster service is not configured on this backend')
    const parsed = paramsSchema.safeParse(rawParams)
    if (!parsed.success) {
      throw new RpcError(-32602, `Invalid params: ${parsed.error.issues.map((issue) => `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`).join('; ')}`)
    }
    const [op, entryPoint, chainIdHex] = parsed.data
    const chainId = Number(hexToBigInt(chainIdHex as Hex))
    if (getAddress(entryPoint) !== getAddress(settings.entryPoint)) throw new RpcError(-32602, `Invalid params: entryPoint ${entryPoint} is not served (only EntryPoint v0.7 at ${settings.entryPoint})`)
    const paymaster = settings.paymasters[chainId]
    if (!paymaster || !ctx.reader.chain(chainId)) throw new SponsorshipRefusedError('chain', `Sponsorship refused: chain eip155:${chainId} is not sponsored`)
    await checkSponsorshipPolicy(settings, ctx.reader.client(chainId), { sender: op.sender, factory: op.factory, callData: op.callData as Hex })
    const key = { chainId, sender: op.sender, day: utcDay(Date.now()) }
    const cap = settings.dailyCapPerAccount
    const refuseOverCap = () => {
      throw new SponsorshipRefusedError('daily-cap', `Sponsorship refused: ${op.sender} has had its ${cap} sponsored operations for today on eip155:${chainId}; the account pays its own gas until 00:00 UTC`, { cap })
    }
    const now = Math.floor(Date.now() / 1000)
    const validity = encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [now + settings.validForSeconds, 0])
    if (method === 'pm_getPaymasterStubData') {
      if ((await ctx.store.sponsorships.count(key)) >= cap) refuseOverCap()
      return {
        paymaster,
        paymasterData: concat([validity, STUB_SIGNATURE]),
        paymasterVerificationGasLimit: numberToHex(PAYMASTER_VERIFICATION_GAS),
        paymasterPostOpGasLimit: numberToHex(PAYMASTER_POST_OP_GAS),
        sponsor: { name: 'Portico' },
        isFinal: false,
      }
    }
    const signed = await sign(op, chainId, paymaster, now + settings.validForSeconds)
    if ((await ctx.store.sponsorships.take(key, cap)) === undefined) refuseOverCap()
    return { paymaster, paymasterData: signed }
  }

  /** `abi.encode(validUntil, validAfter) ‖ signature` over the paymaster's own `getHash` of the operation. */
  async function sign(op: UserOperation, chainId: number, paymaster: Address, validUntil: number): Promise<Hex> {
    const big = (value: string | null | undefined) => (value ? hexToBigInt(value as Hex) : 0n)
    const packed = toPackedUserOperation({
      sender: op.sender,
      nonce: big(op.nonce),
      ...(op.factory ? { factory: op.factory, factoryData: (op.factoryData ?? '0x') as Hex } : {}),
      callData: op.callData as Hex,
      callGasLimit: big(op.callGasLimit),
      verificationGasLimit: big(op.verificationGasLimit),
      preVerificationGas: big(op.preVerificationGas),
      maxFeePerGas: big(op.maxFeePerGas),
      maxPriorityFeePerGas: big(op.maxPriorityFeePerGas),
      paymaster,
      paymasterVerificationGasLimit: big(op.paymasterVerificationGasLimit) || PAYMASTER_VERIFICATION_GAS,
      paymasterPostOpGasLimit: big(op.paymasterPostOpGasLimit),
      paymasterData: '0x',
      signature: '0x',
    })
    const hash = await ctx.reader.client(chainId).readContract({ address: paymaster, abi: paymasterAbi, functionName: 'getHash', args: [packed, validUntil, 0] })
    const signature = await signer!.signMessage({ message: { raw: hash } })
    return concat([encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [validUntil, 0]), signature])
  }

  // A body that is not a JSON-RPC request at all gets the backend's plain 400; a request gets a JSON-RPC answer.
  app.post('/v1/paymaster', async (c) => {
    let body: unknown
    try {
      body = await c.req.json()
    } catch {
      throw new BadRequestError('body: must be a JSON-RPC 2.0 request (Parse error)')
    }
    const requests = Array.isArray(body) ? body : [body]
    if (requests.length === 0 || requests.length > 20) throw new BadRequestError('body: a JSON-RPC batch holds 1 to 20 requests')
    const parsed = requests.map((raw) => requestSchema.safeParse(raw))
    if (parsed.some((request) => !request.success)) throw new BadRequestError('body: must be a JSON-RPC 2.0 request { jsonrpc: "2.0", id, method, params } (Invalid request)')
    const one = async ({ id, method, params }: z.infer<typeof requestSchema>) => {
      try {
        return { jsonrpc: '2.0', id, result: await answer(method, params) }
      } catch (error) {
        if (error instanceof SponsorshipRefusedError) return { jsonrpc: '2.0', id, error: { code: SPONSORSHIP_REFUSED_CODE, message: error.message, data: { reason: error.reason, ...error.details } } }
        if (error instanceof RpcError) return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message } }
        console.error('[backend] paymaster', error)
        return { jsonrpc: '2.0', id, error: { code: -32603, message: `Internal error: ${(error as Error).message}` } }
      }
    }
    const answers = await Promise.all(parsed.map((request) => one(request.data!)))
    return c.json(Array.isArray(body) ? answers : answers[0])
  })
  return app
}
