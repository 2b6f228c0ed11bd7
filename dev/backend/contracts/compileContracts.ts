import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import solc from 'solc'
import type { Abi, Hex } from 'viem'

/** A compiled contract: what viem needs to deploy and call it. */
export type CompiledContract = { abi: Abi; bytecode: Hex }
export type OwnedWalletArtifacts = { solcVersion: string; OwnedWallet: CompiledContract; OwnedWalletFactory: CompiledContract }

const SOURCE = 'OwnedWallet.sol'
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))
/** The compiled contracts, committed beside the source (a test recompiles and compares). */
export const ARTIFACTS_PATH = here('OwnedWallet.json')

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[]
  contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
}

/**
 * Compiles `OwnedWallet.sol` with solc-js (a WASM build of the Solidity compiler; no network).
 * Takes a few seconds: tests read the committed `OwnedWallet.json` instead.
 */
export function compileOwnedWallet(): OwnedWalletArtifacts {
  const input = {
    language: 'Solidity',
    sources: { [SOURCE]: { content: readFileSync(here(SOURCE), 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length) throw new Error(`solc: ${errors.map((e) => e.formattedMessage).join('\n')}`)
  const pick = (name: string): CompiledContract => {
    const contract = output.contracts[SOURCE]![name]!
    return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
  }
  return { solcVersion: solc.version(), OwnedWallet: pick('OwnedWallet'), OwnedWalletFactory: pick('OwnedWalletFactory') }
}

/** The committed artifacts. */
export function readOwnedWalletArtifacts(): OwnedWalletArtifacts {
  return JSON.parse(readFileSync(ARTIFACTS_PATH, 'utf8')) as OwnedWalletArtifacts
}

// `npx tsx dev/backend/contracts/compileContracts.ts` rewrites OwnedWallet.json after a change to the source.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(ARTIFACTS_PATH, `${JSON.stringify(compileOwnedWallet(), null, 2)}\n`)
  console.log(`wrote ${ARTIFACTS_PATH}`)
}
