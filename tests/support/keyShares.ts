import { split } from 'shamir-secret-sharing'
import { bytesToHex, hexToBytes, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { shareProofMessage } from '../../dev/backend/shareProofMessage'

/**
 * What the secure site does with a new key, for node tests of the backend: a 2-of-3 split and
 * the signed body of `POST /v1/embedded/shares` for `deviceId` (auth share only, no recovery).
 */
export async function splitForDevice(deviceId: string, key: Hex = generatePrivateKey()) {
  const account = privateKeyToAccount(key)
  const [device, auth, recovery] = (await split(hexToBytes(key), 3, 2)).map((share) => bytesToHex(share))
  const signature = await account.signMessage({ message: shareProofMessage({ address: account.address, deviceId, authShare: auth! }) })
  return { key, address: account.address, shares: { device: device!, auth: auth!, recovery: recovery! }, body: { address: account.address, authShare: auth!, signature } }
}
