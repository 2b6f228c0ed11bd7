import { sha256, toBytes } from 'viem'

/**
 * The message a key signs when a device stores its split's auth share, so that the backend
 * accepts a share only from the holder of the account's key, for this account's address and this
 * device (the secure site signs it with the key it just split; the backend checks it).
 *
 * @example
 * shareProofMessage({ address: '0xAbc…', deviceId, authShare: '0x…' })
 */
export const shareProofMessage = (input: { address: string; deviceId: string; authShare: string }) =>
  `Portico: keep the auth share ${sha256(toBytes(input.authShare)).slice(2)} of ${input.address.toLowerCase()} for device ${input.deviceId}`
