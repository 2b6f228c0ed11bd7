import { createServer } from 'node:net'

/**
 * A loopback port that is free right now. The secure site's port is chosen before it starts,
 * since the OpenID provider's clients must list its callback URL when they are created.
 */
export const freePort = (): Promise<number> => new Promise((resolve, reject) => {
  const probe = createServer()
  probe.once('error', reject)
  probe.listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as { port: number }
    probe.close(() => resolve(port))
  })
})
