import { z } from 'zod'
import { APP_EVENT_NAMES, APP_EVENT_PREFIX, type AppEventName, FRAME_EVENT_PREFIX, FRAME_ORIGIN_REFUSED, FRAME_READY, FRAME_SESSION_UPDATE } from './frameEvents'
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../../../rules/emailAddress'

/**
 * The zod schemas of every frame message, used by both sides: the app checks what the frame
 * sends, the frame checks what the app sends. A message that fails is ignored (and logged).
 */

const email = z.string().trim().max(EMAIL_MAX_LENGTH).regex(EMAIL_PATTERN, 'must be an email address')
const otp = z.string().regex(/^[0-9]{6}$/, 'must be six digits')
const chainId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address')
/** Social login and Farcaster payloads: open until their handlers (dev/secure-site/social, …/farcaster) pin them down. */
const extension = z.record(z.string(), z.unknown())
const empty = z.object({}).strict()
/** The embedded wallet's eip155 account types (the seed's names). */
const accountType = z.enum(['smartAccount', 'eoa'])
const quantity = z.string().regex(/^0x[0-9a-fA-F]{1,64}$/, 'must be a 0x quantity')
const hexData = z.string().max(100_000).regex(/^0x([0-9a-fA-F]{2})*$/, 'must be 0x bytes')

/** What each app event carries. */
export const APP_PAYLOADS = {
  CONNECT_EMAIL: z.object({ email }).strict(),
  CONNECT_DEVICE: empty,
  CONNECT_OTP: z.object({ otp }).strict(),
  /** `accountType`: the app's stored preference, which the frame follows where smart accounts are enabled. */
  GET_USER: z.object({ chainId: chainId.optional(), accountType: accountType.optional() }).strict(),
  SET_PREFERRED_ACCOUNT_TYPE: z.object({ type: accountType }).strict(),
  /** The calls the modal is about to ask the smart account for (shown as a preview); nothing is signed. */
  GET_GAS_PAYER: z.object({
    chainId,
    calls: z.array(z.object({ to: address, value: quantity.optional(), data: hexData.optional() }).strict()).min(1).max(20),
  }).strict(),
  SIGN_OUT: empty,
  SWITCH_NETWORK: z.object({ chainId }).strict(),
  SYNC_THEME: z.object({ themeMode: z.enum(['light', 'dark']) }).strict(),
  RPC_REQUEST: z.object({
    method: z.string().min(1).max(100),
    params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
    chainId,
  }).strict(),
  UPDATE_EMAIL: z.object({ email }).strict(),
  UPDATE_EMAIL_PRIMARY_OTP: z.object({ otp }).strict(),
  UPDATE_EMAIL_SECONDARY_OTP: z.object({ otp }).strict(),
  GET_SOCIAL_REDIRECT_URI: extension,
  CONNECT_SOCIAL: extension,
  GET_FARCASTER_URI: extension,
  CONNECT_FARCASTER: extension,
} satisfies Record<AppEventName, z.ZodType>

/** How a login names its person: a social account's name, a Farcaster handle (`@alice.dev`). */
const loginName = z.string().trim().min(1).max(100)
/**
 * The user as the frame reports it once signed in: the email when the account has one (a
 * Farcaster account has none), the name or handle of a social or Farcaster login, and `address`,
 * the active account's (the smart account's, counterfactual until deployed, or the EOA's). Where
 * the frame has smart accounts, it also says which type is active, on which chains smart accounts
 * are enabled, and whether the smart account is deployed on this chain.
 */
export const userSchema = z.object({
  email: email.optional(),
  name: loginName.optional(),
  address,
  chainId,
  accountType: accountType.optional(),
  smartAccountEnabledNetworks: z.array(chainId).max(100).optional(),
  smartAccountDeployed: z.boolean().optional(),
}).strict()
export type EmbeddedUser = z.infer<typeof userSchema>

/** What each app event's success answer carries. */
export const SUCCESS_PAYLOADS = {
  CONNECT_EMAIL: z.object({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT']) }).strict(),
  CONNECT_DEVICE: empty,
  CONNECT_OTP: empty,
  GET_USER: userSchema,
  SET_PREFERRED_ACCOUNT_TYPE: userSchema,
  /** `maxCost`: the most the account pays (wei, decimal) when not sponsored, with the paymaster's `reason`. */
  GET_GAS_PAYER: z.union([
    z.object({ sponsored: z.literal(true) }).strict(),
    z.object({ sponsored: z.literal(false), maxCost: z.string().regex(/^[0-9]{1,78}$/), reason: z.string().max(1000) }).strict(),
  ]),
  SIGN_OUT: empty,
  SWITCH_NETWORK: z.object({ chainId }).strict(),
  SYNC_THEME: empty,
  RPC_REQUEST: z.object({ result: z.unknown() }).strict(),
  UPDATE_EMAIL: z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }).strict(),
  UPDATE_EMAIL_PRIMARY_OTP: empty,
  UPDATE_EMAIL_SECONDARY_OTP: z.object({ newEmail: email }).strict(),
  GET_SOCIAL_REDIRECT_URI: extension,
  CONNECT_SOCIAL: extension,
  GET_FARCASTER_URI: extension,
  CONNECT_FARCASTER: extension,
} satisfies Record<AppEventName, z.ZodType>

export type AppPayload<N extends AppEventName> = z.input<(typeof APP_PAYLOADS)[N]>
export type SuccessPayload<N extends AppEventName> = z.output<(typeof SUCCESS_PAYLOADS)[N]>

/** An error answer: the text to show, and a code when it maps to an alert (`JWT_TOKEN_NOT_VALID`, …). */
export const errorPayloadSchema = z.object({ message: z.string().max(1000), code: z.string().max(64).optional() }).strict()

export const sessionUpdateSchema = z.object({ signedIn: z.boolean(), email: email.optional(), address: address.optional() }).strict()
export const originRefusedSchema = z.object({ origin: z.string().max(500), message: z.string().max(1000) }).strict()

/** The envelope of every message: `{ type, id, payload }`. */
export const envelopeSchema = z.object({
  type: z.string().max(100),
  id: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'must be a random id'),
  payload: z.unknown(),
}).strict()

const appEventType = new Map(APP_EVENT_NAMES.map((name) => [`${APP_EVENT_PREFIX}${name}`, name]))

export type ParsedAppMessage = { [N in AppEventName]: { name: N; id: string; payload: z.output<(typeof APP_PAYLOADS)[N]> } }[AppEventName]

/** Reads a message the frame received: an app event with a valid payload, or the reason it is not. */
export function parseAppMessage(data: unknown): { ok: true; message: ParsedAppMessage } | { ok: false; reason: string; id?: string } {
  const envelope = envelopeSchema.safeParse(data)
  if (!envelope.success) return { ok: false, reason: z.prettifyError(envelope.error) }
  const name = appEventType.get(envelope.data.type)
  if (!name) return { ok: false, reason: `unknown app event ${JSON.stringify(envelope.data.type)}`, id: envelope.data.id }
  const payload = APP_PAYLOADS[name].safeParse(envelope.data.payload ?? {})
  if (!payload.success) return { ok: false, reason: `${name}: ${z.prettifyError(payload.error)}`, id: envelope.data.id }
  return { ok: true, message: { name, id: envelope.data.id, payload: payload.data } as ParsedAppMessage }
}

export type ParsedFrameMessage =
  | { kind: 'ready'; id: string }
  | { kind: 'sessionUpdate'; id: string; payload: z.output<typeof sessionUpdateSchema> }
  | { kind: 'originRefused'; id: string; payload: z.output<typeof originRefusedSchema> }
  | { kind: 'success'; id: string; name: AppEventName; payload: unknown }
  | { kind: 'error'; id: string; name: AppEventName; payload: z.output<typeof errorPayloadSchema> }

const answerType = /^@portico-frame\/([A-Z_]+)_(SUCCESS|ERROR)$/

/** Reads a message the app received from the frame, checking the payload for its type. */
export function parseFrameMessage(data: unknown): { ok: true; message: ParsedFrameMessage } | { ok: false; reason: string } {
  const envelope = envelopeSchema.safeParse(data)
  if (!envelope.success) return { ok: false, reason: z.prettifyError(envelope.error) }
  const { type, id, payload } = envelope.data
  if (!type.startsWith(FRAME_EVENT_PREFIX)) return { ok: false, reason: `not a frame event: ${JSON.stringify(type)}` }
  if (type === FRAME_READY) return { ok: true, message: { kind: 'ready', id } }
  const checked = <T extends z.ZodType>(schema: T) => schema.safeParse(payload ?? {})
  if (type === FRAME_SESSION_UPDATE) {
    const result = checked(sessionUpdateSchema)
    return result.success ? { ok: true, message: { kind: 'sessionUpdate', id, payload: result.data } } : { ok: false, reason: z.prettifyError(result.error) }
  }
  if (type === FRAME_ORIGIN_REFUSED) {
    const result = checked(originRefusedSchema)
    return result.success ? { ok: true, message: { kind: 'originRefused', id, payload: result.data } } : { ok: false, reason: z.prettifyError(result.error) }
  }
  const match = answerType.exec(type)
  const name = match?.[1] as AppEventName | undefined
  if (!match || !name || !(APP_EVENT_NAMES as readonly string[]).includes(name)) return { ok: false, reason: `unknown frame event ${JSON.stringify(type)}` }
  if (match[2] === 'ERROR') {
    const result = checked(errorPayloadSchema)
    return result.success ? { ok: true, message: { kind: 'error', id, name, payload: result.data } } : { ok: false, reason: `${type}: ${z.prettifyError(result.error)}` }
  }
  const result = checked(SUCCESS_PAYLOADS[name])
  return result.success ? { ok: true, message: { kind: 'success', id, name, payload: result.data } } : { ok: false, reason: `${type}: ${z.prettifyError(result.error)}` }
}

/** A random message id (128 bits). */
export const newMessageId = (): string => crypto.randomUUID()
