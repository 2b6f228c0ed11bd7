import { randomBytes, randomUUID } from 'node:crypto'

/** What the app asked for when it opened the channel (the fields of the message to sign). */
export type SignatureParams = {
  siweUri: string
  domain: string
  nonce: string
  notBefore?: string | undefined
  expirationTime?: string | undefined
  requestId?: string | undefined
  redirectUrl?: string | undefined
}

/** What the Farcaster app sends once the person approved. */
export type ChannelCompletion = {
  message: string
  signature: `0x${string}`
  authMethod: 'custody' | 'authAddress'
  fid: number
  username?: string | undefined
  displayName?: string | undefined
  bio?: string | undefined
  pfpUrl?: string | undefined
  custody?: `0x${string}` | undefined
}

export type Channel = {
  token: string
  url: string
  state: 'pending' | 'completed'
  signatureParams: SignatureParams
  acceptAuthAddress: boolean
  createdAt: number
  completion?: ChannelCompletion
}

/**
 * The channels between an app waiting for a sign-in and the Farcaster app that signs it. A
 * channel lives `ttlMs` (default 5 minutes, as the hosted relay keeps them) and completes once.
 */
export class ChannelStore {
  readonly #channels = new Map<string, Channel>()
  constructor(readonly ttlMs = 5 * 60_000, readonly now: () => number = Date.now) {}

  open(params: Omit<SignatureParams, 'nonce'> & { nonce?: string | undefined }, acceptAuthAddress: boolean, appUrl: (token: string) => string): Channel {
    this.#sweep()
    const token = randomUUID()
    const nonce = params.nonce ?? randomBytes(12).toString('hex')
    const channel: Channel = { token, url: appUrl(token), state: 'pending', signatureParams: { ...params, nonce }, acceptAuthAddress, createdAt: this.now() }
    this.#channels.set(token, channel)
    return channel
  }

  get(token: string): Channel | undefined {
    this.#sweep()
    return this.#channels.get(token)
  }

  /** Completes a pending channel; false when it is unknown, expired or already completed. */
  complete(token: string, completion: ChannelCompletion): boolean {
    const channel = this.get(token)
    if (!channel || channel.state !== 'pending') return false
    channel.state = 'completed'
    channel.completion = completion
    return true
  }

  #sweep() {
    const oldest = this.now() - this.ttlMs
    for (const [token, channel] of this.#channels) if (channel.createdAt < oldest) this.#channels.delete(token)
  }
}
