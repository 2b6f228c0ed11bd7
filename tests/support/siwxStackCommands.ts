import { keccak256, toHex, type Address } from 'viem'
import type { BrowserCommand, BrowserCommandContext } from 'vitest/node'
import type { ThrowawayPostgres } from '../../dev/backend/db/startThrowawayPostgres'
import type { RunningBackend } from '../../dev/backend/start'

/**
 * Vitest browser commands (they run in Node) for the sign-in journeys beyond the default stack:
 * an ERC-1271 contract wallet deployed on a local chain, and the reference backend on a real
 * PostgreSQL server (a throwaway cluster, one per test file) instead of PGlite. What they need
 * is imported when they run, so loading the Vitest config stays light.
 */

type PostgresStack = { postgres: ThrowawayPostgres; databaseUrl: string; backend: RunningBackend }
const stacks = new Map<string, PostgresStack>()

/**
 * Deploys an OwnedWallet (ERC-1271: valid signatures are its owner's) for `owner` on the chain
 * at `rpcUrl`, through a fresh factory, from the dev account that deployed the dev tokens (which
 * no journey sends from). Returns the wallet's address.
 */
const deployContractWallet: BrowserCommand<[rpcUrl: string, owner: Address]> = async (_context, rpcUrl, owner) => {
  const { deployOwnedWallet, deployOwnedWalletFactory } = await import('../../dev/backend/contracts/deployOwnedWallet')
  const { TOKEN_DEPLOYER } = await import('../../dev/chain/devChains')
  const factory = await deployOwnedWalletFactory(rpcUrl, TOKEN_DEPLOYER)
  return deployOwnedWallet(rpcUrl, { factory, owner, salt: keccak256(toHex(owner)), from: TOKEN_DEPLOYER })
}

/** Starts PostgreSQL and a reference backend on it over `chains`; returns the backend's URL. */
const startPostgresBackend: BrowserCommand<[chains: { id: number; name?: string; rpcUrl: string }[]]> = async (context: BrowserCommandContext, chains) => {
  let stack = stacks.get(context.sessionId)
  if (!stack) {
    const { startThrowawayPostgres } = await import('../../dev/backend/db/startThrowawayPostgres')
    const { start: startBackend } = await import('../../dev/backend/start')
    const postgres = await startThrowawayPostgres()
    try {
      const databaseUrl = await postgres.createDatabase('portico_journey')
      const backend = await startBackend({ chains, storage: { databaseUrl } })
      stack = { postgres, databaseUrl, backend }
      stacks.set(context.sessionId, stack)
    } catch (error) {
      await postgres.stop()
      throw error
    }
  }
  return stack.backend.url
}

/** The sign-in sessions PostgreSQL itself holds for a CAIP-10 account, read with its own client. */
const postgresSessions: BrowserCommand<[caipAddress: string]> = async (context: BrowserCommandContext, caipAddress) => {
  const stack = stacks.get(context.sessionId)
  if (!stack) throw new Error('Call startPostgresBackend() first')
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: stack.databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ id: string }>('SELECT id FROM siwx_sessions WHERE lower(caip_address) = lower($1)', [caipAddress])
    return rows.map((row) => row.id)
  } finally {
    await client.end()
  }
}

const stopPostgresBackend: BrowserCommand<[]> = async (context: BrowserCommandContext) => {
  const stack = stacks.get(context.sessionId)
  stacks.delete(context.sessionId)
  await stack?.backend.stop()
  await stack?.postgres.stop()
}

export const siwxStackCommands = { deployContractWallet, startPostgresBackend, postgresSessions, stopPostgresBackend }

declare module 'vitest/browser' {
  interface BrowserCommands {
    deployContractWallet(rpcUrl: string, owner: Address): Promise<Address>
    startPostgresBackend(chains: { id: number; name?: string; rpcUrl: string }[]): Promise<string>
    postgresSessions(caipAddress: string): Promise<string[]>
    stopPostgresBackend(): Promise<void>
  }
}
