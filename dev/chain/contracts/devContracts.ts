import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import solc from 'solc'
import { compileSolidity, packageVersion, type CompiledContract } from './compileSolidity'

export type { CompiledContract } from './compileSolidity'

/** The contracts of the dev chains. */
export const DEV_CONTRACT_NAMES = ['DevToken', 'Multicall3', 'SwapPools', 'DevCollection'] as const
export type DevContractName = (typeof DEV_CONTRACT_NAMES)[number]

/** The cached compiler output, with the hash of the sources it was made from. */
export type DevContractArtifacts = { solcVersion: string; sourceHash: string; contracts: Record<DevContractName, CompiledContract> }

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))
/** Where the compiled contracts are cached, beside the sources (committed; a test recompiles and compares). */
export const DEV_ARTIFACTS_PATH = here('DevContracts.json')

const readSources = () => Object.fromEntries(DEV_CONTRACT_NAMES.map((name) => [`${name}.sol`, readFileSync(here(`${name}.sol`), 'utf8')]))

/** The sources' fingerprint: compiler version, OpenZeppelin's version and every source file. */
function sourceHash(sources: Record<string, string>): string {
  const openZeppelin = packageVersion('@openzeppelin/contracts')
  const hash = createHash('sha256').update(`solc ${solc.version()}\0openzeppelin ${openZeppelin}`)
  for (const name of Object.keys(sources).sort()) hash.update(`\0${name}\0${sources[name]}`)
  return `0x${hash.digest('hex')}`
}

/**
 * Compiles the dev chains' contracts with solc-js (the Solidity compiler built to WASM; no network),
 * OpenZeppelin's sources from node_modules. Takes several seconds: use {@link readDevContracts}.
 */
export function compileDevContracts(): DevContractArtifacts {
  const sources = readSources()
  const contracts = compileSolidity(
    sources,
    Object.fromEntries(DEV_CONTRACT_NAMES.map((name) => [name, `${name}.sol:${name}`])) as Record<DevContractName, string>,
  )
  return { solcVersion: solc.version(), sourceHash: sourceHash(sources), contracts }
}

let cached: DevContractArtifacts | undefined

/**
 * The compiled contracts: the cached `DevContracts.json` while it matches the sources, else a
 * fresh compile, which is written back to the cache (so an edited contract is compiled once,
 * when the dev stack next starts).
 *
 * @example
 * const { DevToken } = readDevContracts().contracts
 */
export function readDevContracts(): DevContractArtifacts {
  if (cached) return cached
  const stored = existsSync(DEV_ARTIFACTS_PATH) ? (JSON.parse(readFileSync(DEV_ARTIFACTS_PATH, 'utf8')) as DevContractArtifacts) : undefined
  if (stored?.sourceHash === sourceHash(readSources())) return (cached = stored)
  const fresh = compileDevContracts()
  writeFileSync(DEV_ARTIFACTS_PATH, `${JSON.stringify(fresh, null, 2)}\n`)
  return (cached = fresh)
}

// `npx tsx dev/chain/contracts/devContracts.ts` compiles and rewrites the cache.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(DEV_ARTIFACTS_PATH, `${JSON.stringify(compileDevContracts(), null, 2)}\n`)
  console.log(`wrote ${DEV_ARTIFACTS_PATH}`)
}
