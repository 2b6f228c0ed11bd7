import { z } from 'zod'

/** A WalletConnect topic: 32 bytes as 64 lowercase hex characters. */
const topic = z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex characters')
/** Seconds; the relay keeps messages at most 30 days. */
const ttl = z.number().int().positive().max(30 * 86_400)
const message = z.string().min(1, 'must not be empty')

const publish = z.object({
  topic,
  message,
  ttl,
  tag: z.number().int().nonnegative().optional(),
  prompt: z.boolean().optional(),
  attestation: z.string().optional(),
})

const unsubscribe = z.object({ topic, id: z.string().min(1, 'must not be empty') })

/** The parameters of each relay method the 2.x clients call, checked before anything is done. */
export const relayParams = {
  irn_subscribe: z.object({ topic }),
  irn_batchSubscribe: z.object({ topics: z.array(topic).min(1, 'must name at least one topic') }),
  irn_unsubscribe: unsubscribe,
  irn_batchUnsubscribe: z.object({ subscriptions: z.array(unsubscribe) }),
  irn_publish: publish,
  irn_batchPublish: z.object({ messages: z.array(publish).min(1, 'must hold at least one message') }),
  irn_batchFetchMessages: z.object({ topics: z.array(topic) }),
  /** The dapp's session proposal, published on the pairing topic; the sender is subscribed to it. */
  wc_proposeSession: z.object({
    pairingTopic: topic,
    sessionProposal: message,
    ttl: ttl.optional(),
    attestation: z.string().optional(),
  }),
  /** The wallet's answer on the pairing topic and its settlement on the new session topic, which the sender joins. */
  wc_approveSession: z.object({
    sessionTopic: topic,
    pairingTopic: topic,
    sessionProposalResponse: message,
    sessionSettlementRequest: message,
    ttl: ttl.optional(),
  }),
} as const

export type RelayMethod = keyof typeof relayParams
export type RelayParams<M extends RelayMethod> = z.infer<(typeof relayParams)[M]>

export function isRelayMethod(method: string): method is RelayMethod {
  return Object.hasOwn(relayParams, method)
}

/** Checks `params` for `method`; returns them typed, or the problem in words ("topic: must be 64 lowercase hex characters"). */
export function parseRelayParams<M extends RelayMethod>(method: M, params: unknown): { ok: true; params: RelayParams<M> } | { ok: false; problem: string } {
  const result = relayParams[method].safeParse(params)
  if (result.success) return { ok: true, params: result.data as RelayParams<M> }
  const problem = result.error.issues.map((issue) => `${issue.path.join('.') || 'params'}: ${issue.message}`).join('; ')
  return { ok: false, problem }
}
