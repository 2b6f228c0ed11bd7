import { Hono } from 'hono'
import { verifyMessage, type Hex } from 'viem'
import { z } from 'zod'
import type { BackendContext, BackendEnv } from './BackendContext'
import { EmbeddedError, deviceIdSchema, embeddedSession } from './embeddedSession'
import { shareProofMessage } from './shareProofMessage'
import { BadRequestError, addressSchema, parseBody } from './validation'

/** A share of a 32-byte key as `shamir-secret-sharing` makes it (the key's length plus one byte), in hex. */
const shareSchema = z.string().regex(/^0x[0-9a-f]{66}$/, 'must be a 0x-prefixed 33-byte hex key share')
/** The recovery share as the secure site sealed it with a passkey or a password: opaque here. */
const recoverySchema = z.string().min(40).max(4_000)
const signatureSchema = z.string().regex(/^0x[0-9a-fA-F]{130}$/, 'must be a 65-byte signature')

/** How long after its login a session may fetch the shares of a recovery (default 10 minutes). */
export const FRESH_LOGIN_MS = 10 * 60_000

/**
 * The backend's side of the embedded wallet's key custody (see KeyShareStore): each device
 * stores its split's auth share, fetches it to sign, and sets the recovery share sealed with the
 * visitor's passkey or password; a new device, freshly logged in, fetches a recovery share and
 * the auth share of the split it belongs to, one per call; the Account page lists devices and
 * revokes one. No answer carries more than one share.
 */
export function keyCustodyRoutes(ctx: BackendContext) {
  const app = new Hono<BackendEnv>()
  const shares = ctx.store.keyShares

  app.onError((error, c) => {
    if (error instanceof EmbeddedError) return c.json({ error: error.message, ...(error.code && { code: error.code }) }, error.status)
    if (error instanceof BadRequestError) return c.json({ error: error.message }, error.status)
    console.error('[backend]', error)
    return c.json({ error: `Internal error: ${error.message}` }, 500)
  })

  app.post('/v1/embedded/shares', async (c) => {
    const { account, deviceId } = await embeddedSession(ctx, c)
    const body = await parseBody(c, z.object({ address: addressSchema, authShare: shareSchema, recovery: recoverySchema.optional(), signature: signatureSchema }))
    const valid = await verifyMessage({ address: body.address, message: shareProofMessage({ address: body.address, deviceId, authShare: body.authShare }), signature: body.signature as Hex }).catch(() => false)
    if (!valid) throw new EmbeddedError(`The share is not signed by the key of ${body.address}`, 403)
    if (!(await ctx.store.embedded.setAddress(account.id, body.address))) throw new EmbeddedError('This account already has another address', 409)
    await shares.put(account.id, deviceId, body.authShare, body.recovery)
    if (account.legacyKey) await shares.dropLegacyKey(account.id)
    return c.json({ address: body.address }, 201)
  })

  /** The auth share of this device's split, to this device's session only. */
  app.post('/v1/embedded/shares/auth', async (c) => {
    const { account, deviceId } = await embeddedSession(ctx, c)
    const authShare = await shares.authShare(account.id, deviceId)
    if (!authShare) throw new EmbeddedError('This device holds no share of the key: recover the wallet with your passkey or recovery password', 404, 'NO_DEVICE_SHARE')
    return c.json({ authShare })
  })

  app.post('/v1/embedded/recovery', async (c) => {
    const { account, deviceId } = await embeddedSession(ctx, c)
    const body = await parseBody(c, z.object({ recovery: recoverySchema }))
    if (!(await shares.setRecovery(account.id, deviceId, body.recovery))) throw new EmbeddedError('This device holds no share of the key to protect', 404, 'NO_DEVICE_SHARE')
    return c.json({ recovery: true })
  })

  /** Step 1 of a recovery: the recovery share, still sealed by the visitor, and the device whose split it belongs to. */
  app.get('/v1/embedded/recovery', async (c) => {
    const { account } = await embeddedSession(ctx, c)
    const found = await shares.recovery(account.id)
    if (!found) throw new EmbeddedError('This wallet has no recovery set up: sign in on a device that holds it and set up a passkey or a recovery password', 404, 'NO_RECOVERY')
    return c.json(found)
  })

  /** Step 2: the auth share that pairs with that recovery share, to a fresh login of a device that holds none. */
  app.post('/v1/embedded/recovery/auth', async (c) => {
    const session = await embeddedSession(ctx, c)
    const body = await parseBody(c, z.object({ deviceId: deviceIdSchema }))
    if (Date.now() - session.createdAt > FRESH_LOGIN_MS) throw new EmbeddedError('A recovery needs a fresh login: sign in again', 401, 'LOGIN_NOT_FRESH')
    if (await shares.authShare(session.account.id, session.deviceId)) throw new EmbeddedError('This device already holds a share of the key', 409)
    const found = await shares.recovery(session.account.id)
    if (!found || found.deviceId !== body.deviceId) throw new EmbeddedError('No recovery share pairs with that device', 404, 'NO_RECOVERY')
    return c.json({ authShare: await shares.authShare(session.account.id, body.deviceId) })
  })

  app.get('/v1/embedded/devices', async (c) => {
    const { account, deviceId } = await embeddedSession(ctx, c)
    return c.json({ devices: (await shares.devices(account.id)).map((device) => ({ ...device, current: device.deviceId === deviceId })) })
  })

  app.post('/v1/embedded/devices/revoke', async (c) => {
    const { account } = await embeddedSession(ctx, c)
    const body = await parseBody(c, z.object({ deviceId: deviceIdSchema }))
    if (!(await shares.revoke(account.id, body.deviceId))) throw new EmbeddedError('No such device holds a share of this wallet', 404)
    await ctx.store.embedded.unapproveDevice(account.email, body.deviceId)
    return c.json({ revoked: true })
  })

  return app
}
