import type { AddressInfo } from 'node:net'
import { authenticate, buildSignInMessage, createWalletClient } from '@farcaster/auth-client'
import { createAdaptorServer } from '@hono/node-server'
import { Hono, type Context } from 'hono'
import { cors } from 'hono/cors'
import { privateKeyToAccount } from 'viem/accounts'
import { z } from 'zod'
import { ChannelStore, type Channel } from './ChannelStore'
import { DEV_FARCASTER_ACCOUNTS, findByCustody, findByFid } from './devFarcasterAccounts'
import { devRegistryConnector } from './devRegistryConnector'
import { farcasterAppPage } from './farcasterAppPage'

export type StartFarcasterOptions = {
  host?: string
  /** Default 0: a free port. */
  port?: number
  /** The key the Farcaster app presents to complete a channel (`X-Farcaster-Auth-Relay-Key`). */
  authKey?: string
  /** How long a channel lives. Default 5 minutes. */
  channelTtlMs?: number
}

/** A running dev Farcaster auth relay, with its registry and its Farcaster app. */
export type RunningFarcaster = {
  /** The relay's base URL (the auth client's `relay`); the app lives under `/app`. */
  url: string
  /** The dev Farcaster app approves the channel behind a sign-in URL (from the QR) as `fid`. */
  approve(signInUrl: string, fid: number): Promise<void>
  stop(): Promise<void>
}

const DEV_AUTH_KEY = 'portico-dev-farcaster-app'

const createChannelBody = z.object({
  siweUri: z.url(),
  domain: z.string().min(1).max(253),
  nonce: z.string().regex(/^[a-zA-Z0-9]{8,}$/, 'nonce must be at least 8 letters or digits').optional(),
  notBefore: z.iso.datetime().optional(),
  expirationTime: z.iso.datetime().optional(),
  requestId: z.string().max(200).optional(),
  redirectUrl: z.url().optional(),
  acceptAuthAddress: z.boolean().optional(),
})

const authenticateBody = z.object({
  message: z.string().min(1).max(4_000),
  signature: z.string().regex(/^0x[0-9a-fA-F]+$/).transform((s) => s as `0x${string}`),
  authMethod: z.enum(['custody', 'authAddress']).optional(),
  fid: z.number().int().positive(),
  username: z.string().max(64).optional(),
  displayName: z.string().max(128).optional(),
  bio: z.string().max(512).optional(),
  pfpUrl: z.string().max(512).optional(),
})

const bearer = (c: Context) => c.req.header('authorization')?.match(/^Bearer (.+)$/)?.[1]

const statusBody = (channel: Channel, c: Context) => ({
  state: channel.state,
  nonce: channel.signatureParams.nonce,
  url: channel.url,
  ...channel.completion,
  signatureParams: channel.signatureParams,
  metadata: { ip: '127.0.0.1', userAgent: c.req.header('user-agent') ?? '' },
  acceptAuthAddress: channel.acceptAuthAddress,
})

/**
 * Starts the dev stand-in for Farcaster's sign-in service: the auth relay's channel API (what
 * `@farcaster/auth-client`'s app client calls: create a channel, poll its status; the Farcaster
 * app completes it), a registry of dev fids and their custody addresses, and the Farcaster app
 * itself at the channel's URL, which signs the Sign-In-With-Farcaster message (EIP-4361) with the
 * custody key of the account the person picks.
 *
 * @example
 * const farcaster = await start()
 * const appClient = createAppClient({ relay: farcaster.url, ethereum: devRegistryConnector(farcaster.url, rpcUrl) })
 * const { data } = await appClient.createChannel({ siweUri: 'http://127.0.0.1:4000', domain: '127.0.0.1:4000' })
 * await farcaster.approve(data!.url, 1001)
 */
export async function start(options: StartFarcasterOptions = {}): Promise<RunningFarcaster> {
  const host = options.host ?? '127.0.0.1'
  const authKey = options.authKey ?? DEV_AUTH_KEY
  const channels = new ChannelStore(options.channelTtlMs)
  let base = ''
  const app = new Hono()
  app.use('/v1/*', cors())

  app.post('/v1/channel', async (c) => {
    const parsed = createChannelBody.safeParse(await c.req.json().catch(() => undefined))
    if (!parsed.success) return c.json({ error: 'Invalid channel request', details: z.prettifyError(parsed.error) }, 400)
    const { acceptAuthAddress, ...params } = parsed.data
    const channel = channels.open(params, acceptAuthAddress ?? false, (token) => `${base}/app/siwf?channelToken=${token}`)
    return c.json({ channelToken: channel.token, url: channel.url, nonce: channel.signatureParams.nonce }, 201)
  })

  app.get('/v1/channel/status', (c) => {
    const channel = channels.get(bearer(c) ?? '')
    if (!channel) return c.json({ error: 'Unknown or expired channel' }, 401)
    return c.json(statusBody(channel, c), channel.state === 'completed' ? 200 : 202)
  })

  app.post('/v1/channel/authenticate', async (c) => {
    if (c.req.header('x-farcaster-auth-relay-key') !== authKey) return c.json({ error: 'Unknown Farcaster app' }, 401)
    const token = bearer(c) ?? ''
    const parsed = authenticateBody.safeParse(await c.req.json().catch(() => undefined))
    if (!parsed.success) return c.json({ error: 'Invalid sign-in', details: z.prettifyError(parsed.error) }, 400)
    const account = findByFid(parsed.data.fid)
    const completed = channels.complete(token, { authMethod: 'custody', ...parsed.data, custody: account?.custody })
    if (!completed) return c.json({ error: 'Unknown, expired or completed channel' }, 401)
    return c.json(statusBody(channels.get(token)!, c), 201)
  })

  app.get('/v1/registry/custody/:address', (c) => {
    const account = findByCustody(c.req.param('address'))
    return account ? c.json({ fid: account.fid, custody: account.custody }) : c.json({ error: 'No fid for this custody address' }, 404)
  })

  const approve = async (token: string, fid: number) => {
    const channel = channels.get(token)
    const account = findByFid(fid)
    if (!channel || !account) throw new Error(!channel ? 'Unknown or expired channel' : `No dev Farcaster account ${fid}`)
    const client = createWalletClient({ relay: base, ethereum: devRegistryConnector(base, 'http://127.0.0.1:9') })
    const { siweUri, domain, nonce, notBefore, expirationTime, requestId } = channel.signatureParams
    const built = buildSignInMessage(client, {
      fid, address: account.custody, uri: siweUri, domain, nonce,
      ...(notBefore ? { notBefore: new Date(notBefore) } : {}),
      ...(expirationTime ? { expirationTime: new Date(expirationTime) } : {}),
      ...(requestId ? { requestId } : {}),
    })
    if (built.isError) throw built.error ?? new Error('Could not build the sign-in message')
    const signature = await privateKeyToAccount(account.custodyKey).signMessage({ message: built.message })
    const result = await authenticate(client, {
      channelToken: token, authKey, message: built.message, signature, fid, authMethod: 'custody',
      username: account.username, displayName: account.displayName,
    })
    if (result.isError) throw result.error ?? new Error('The relay refused the sign-in')
    if (result.response.status !== 201) throw new Error(`The relay refused the sign-in: ${(result.data as unknown as { error?: string }).error ?? result.response.status}`)
  }

  app.get('/app/siwf', (c) => c.html(farcasterAppPage(channels.get(c.req.query('channelToken') ?? ''), DEV_FARCASTER_ACCOUNTS)))
  app.post('/app/siwf', async (c) => {
    const token = c.req.query('channelToken') ?? ''
    const fid = Number((await c.req.parseBody()).fid)
    try {
      await approve(token, fid)
      const text = `You signed in to ${channels.get(token)?.signatureParams.domain} as @${findByFid(fid)?.username}.`
      return c.html(farcasterAppPage(channels.get(token), DEV_FARCASTER_ACCOUNTS, { ok: true, text }))
    } catch (error) {
      const text = `The sign-in failed: ${error instanceof Error ? error.message : String(error)}`
      return c.html(farcasterAppPage(channels.get(token), DEV_FARCASTER_ACCOUNTS, { ok: false, text }), 400)
    }
  })

  const server = createAdaptorServer({ fetch: app.fetch })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, resolve)
  })
  base = `http://${host}:${(server.address() as AddressInfo).port}`

  return {
    url: base,
    approve: (signInUrl, fid) => approve(new URL(signInUrl).searchParams.get('channelToken') ?? '', fid),
    stop: () => new Promise<void>((resolve) => {
      if ('closeAllConnections' in server) server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
}
