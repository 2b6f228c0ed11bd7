import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { receivedRequests } from '../../dev/backend/faultControl'
import { start, type RunningBackend } from '../../dev/backend/start'
import { hardhatDevPrivateKeys } from '../../dev/wallet/devAccounts'
import { createSiwxMessage } from '../siwx/SiwxMessage'
import { ApiError } from './ApiError'
import { SiwxApi } from './SiwxApi'

let backend: RunningBackend
let api: SiwxApi
const account = privateKeyToAccount(hardhatDevPrivateKeys[8])
const caipAddress = `eip155:31337:${account.address}`

beforeAll(async () => {
  backend = await start()
  api = new SiwxApi({ baseUrl: backend.url, projectId: 'p', sdkType: 'portico', sdkVersion: 'v', retry: { delay: 5 } })
}, 120_000)
afterAll(async () => {
  await backend?.stop()
})

const signedMessage = async (nonce: string) => {
  const message = createSiwxMessage({ domain: 'localhost:5173', uri: 'http://localhost:5173/', address: account.address, chainId: 'eip155:31337', nonce, statement: 'Sign in' })
  return { message, signature: await account.signMessage({ message }) }
}

describe('SiwxApi against the reference backend', () => {
  it('signs in, lists the session, signs out', async () => {
    const { nonce, expiresAt } = await api.getNonce()
    expect(expiresAt).toBeGreaterThan(Date.now())
    const signed = await signedMessage(nonce)
    const session = await api.verify(signed)
    expect(session).toMatchObject({ caipAddress, message: signed.message, signature: signed.signature, token: expect.stringMatching(/^[\w-]{40,}$/) })
    const { token, ...listed } = session
    expect(await api.getSessions(caipAddress, token)).toContainEqual(listed)
    // Without a token the backend does not list them.
    await expect(api.getSessions(caipAddress)).rejects.toMatchObject({ status: 401, details: 'HTTP 401: Missing Authorization header: send Authorization: Bearer <session token>' })
    await api.revoke(session)
    await api.revoke(session) // already ended: no error
    await expect(api.getSessions(caipAddress, token)).rejects.toMatchObject({ status: 401, details: 'HTTP 401: Session revoked: sign in again' })
    const other = await api.verify(await signedMessage((await api.getNonce()).nonce))
    expect(await api.getSessions(caipAddress, other.token)).not.toContainEqual(listed)
  })

  it("passes on the backend's reason for a refusal", async () => {
    const signed = await signedMessage((await api.getNonce()).nonce)
    await api.verify(signed)
    const replay = await api.verify(signed).catch((error: unknown) => error)
    expect(replay).toBeInstanceOf(ApiError)
    expect(replay).toMatchObject({ code: 'BAD_REQUEST', status: 409, details: 'HTTP 409: message nonce: has already been used' })
    const forged = await signedMessage((await api.getNonce()).nonce)
    const refused = await api.verify({ ...forged, signature: await privateKeyToAccount(hardhatDevPrivateKeys[9]).signMessage({ message: forged.message }) }).catch((e: unknown) => e)
    expect(refused).toMatchObject({ code: 'FORBIDDEN', details: 'HTTP 403: signature: does not match the message and its address' })
  })

  it('refuses to revoke a session it has no token for, without asking the backend', async () => {
    const own = await api.verify(await signedMessage((await api.getNonce()).nonce))
    const [listed] = await api.getSessions(caipAddress, own.token)
    const asked = (await receivedRequests(backend.url, '/v1/siwx/revoke')).length
    await expect(api.revoke(listed!)).rejects.toThrow('Only a session opened by this client can be revoked (it has no token)')
    expect((await receivedRequests(backend.url, '/v1/siwx/revoke')).length).toBe(asked)
  })
})
