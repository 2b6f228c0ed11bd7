import { scryptAsync } from '@noble/hashes/scrypt.js'
import { bytesToHex, hexToBytes, type Hex } from 'viem'

/**
 * The recovery share as the backend keeps it: encrypted (AES-256-GCM) under a key only the
 * visitor can make again, from a recovery password stretched with scrypt, or from a passkey's
 * PRF output (WebAuthn's `prf` extension). The backend seals this once more under its own secret.
 */
export type SealedRecovery =
  | { v: 1; kind: 'password'; salt: Hex; n: number; iv: Hex; data: Hex }
  | { v: 1; kind: 'passkey'; credentialId: string; prfSalt: Hex; iv: Hex; data: Hex }

/** What opened (or made) a recovery seal: the AES key and how to describe it again. */
export type RecoverySecret = { key: CryptoKey; params: Omit<Extract<SealedRecovery, { kind: 'password' }>, 'iv' | 'data' | 'v'> | Omit<Extract<SealedRecovery, { kind: 'passkey' }>, 'iv' | 'data' | 'v'> }

/** A recovery that did not open: wrong password, another passkey, no PRF, or a refused prompt. */
export class RecoveryError extends Error {
  override name = 'RecoveryError'
}

/** scrypt cost: 2^17 with r = 8 (OWASP's minimum for scrypt), about a second in a browser. */
const SCRYPT_N = 2 ** 17
export const MIN_PASSWORD_LENGTH = 10

const aesKey = (bytes: Uint8Array) => crypto.subtle.importKey('raw', bytes as Uint8Array<ArrayBuffer>, 'AES-GCM', false, ['encrypt', 'decrypt'])
const random = (length: number) => crypto.getRandomValues(new Uint8Array(length))
/** Bytes WebCrypto accepts (viem types its byte arrays loosely). */
const bytes = (hex: Hex) => new Uint8Array(hexToBytes(hex))
const base64url = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
const fromBase64url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))

async function passwordSecret(password: string, salt: Hex, n: number): Promise<RecoverySecret> {
  const stretched = await scryptAsync(new TextEncoder().encode(password), hexToBytes(salt), { N: n, r: 8, p: 1, dkLen: 32 })
  try {
    return { key: await aesKey(stretched), params: { kind: 'password', salt, n } }
  } finally {
    stretched.fill(0)
  }
}

/** The PRF output of `credentialId` for `prfSalt` (one passkey prompt), as an AES key. */
async function passkeySecret(credentialId: string, prfSalt: Hex): Promise<RecoverySecret> {
  const credential = (await navigator.credentials.get({
    publicKey: {
      challenge: random(32),
      rpId: location.hostname,
      allowCredentials: [{ type: 'public-key', id: fromBase64url(credentialId) }],
      userVerification: 'required',
      extensions: { prf: { eval: { first: bytes(prfSalt) } } },
    },
  }).catch((error: unknown) => {
    throw new RecoveryError(`The passkey did not answer (${(error as Error).message})`)
  })) as PublicKeyCredential | null
  const first = credential?.getClientExtensionResults().prf?.results?.first
  if (!first) throw new RecoveryError('This passkey cannot derive a key (no PRF support): use your recovery password')
  const output = new Uint8Array(first as ArrayBuffer)
  try {
    return { key: await aesKey(output), params: { kind: 'passkey', credentialId, prfSalt } }
  } finally {
    output.fill(0)
  }
}

/**
 * Seals and opens the recovery share.
 *
 * @example
 * const secret = await RecoverySeal.fromNewPassword('a long passphrase')
 * const sealed = await RecoverySeal.seal(share, secret)
 * const share = await RecoverySeal.open(sealed, await RecoverySeal.secretFor(sealed, { password }))
 */
export const RecoverySeal = {
  async fromNewPassword(password: string): Promise<RecoverySecret> {
    if (password.length < MIN_PASSWORD_LENGTH) throw new RecoveryError(`A recovery password needs at least ${MIN_PASSWORD_LENGTH} characters`)
    return passwordSecret(password, bytesToHex(random(16)), SCRYPT_N)
  },

  /** Creates a passkey for this wallet (one prompt), then derives the key from its PRF (a second prompt). */
  async fromNewPasskey(label: string): Promise<RecoverySecret> {
    const created = (await navigator.credentials.create({
      publicKey: {
        challenge: random(32),
        rp: { id: location.hostname, name: 'Portico wallet' },
        user: { id: random(16), name: label, displayName: label },
        pubKeyCredParams: [{ type: 'public-key', alg: -7 }, { type: 'public-key', alg: -257 }],
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        extensions: { prf: {} },
      },
    }).catch((error: unknown) => {
      throw new RecoveryError(`No passkey was created (${(error as Error).message})`)
    })) as PublicKeyCredential | null
    if (!created) throw new RecoveryError('No passkey was created')
    if (created.getClientExtensionResults().prf?.enabled === false) throw new RecoveryError('This passkey cannot derive a key (no PRF support): set a recovery password instead')
    return passkeySecret(base64url(created.rawId), bytesToHex(random(32)))
  },

  /** The secret that opens `sealed`: asks the passkey it names, or stretches the password given. */
  async secretFor(sealed: SealedRecovery, input: { password?: string }): Promise<RecoverySecret> {
    if (sealed.kind === 'passkey') return passkeySecret(sealed.credentialId, sealed.prfSalt)
    if (!input.password) throw new RecoveryError('Enter your recovery password')
    return passwordSecret(input.password, sealed.salt, sealed.n)
  },

  async seal(share: Hex, secret: RecoverySecret): Promise<SealedRecovery> {
    const iv = random(12)
    const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, secret.key, bytes(share))
    return { v: 1, ...secret.params, iv: bytesToHex(iv), data: bytesToHex(new Uint8Array(data)) } as SealedRecovery
  },

  async open(sealed: SealedRecovery, secret: RecoverySecret): Promise<Hex> {
    try {
      return bytesToHex(new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes(sealed.iv) }, secret.key, bytes(sealed.data))))
    } catch {
      throw new RecoveryError(sealed.kind === 'password' ? 'Wrong recovery password' : 'This passkey does not open the recovery share')
    }
  },

  /** The seals of one recovery share as the backend keeps them (one per passkey or password the visitor set). */
  parse(text: string): SealedRecovery[] {
    const value = JSON.parse(text) as SealedRecovery[]
    if (!Array.isArray(value) || !value.every((seal) => seal?.v === 1 && (seal.kind === 'password' || seal.kind === 'passkey'))) {
      throw new RecoveryError('The recovery share has an unknown format')
    }
    return value
  },
}
