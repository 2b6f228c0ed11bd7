import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import solc from 'solc'
import { compileSolidity, packageVersion, type CompiledContract } from './compileSolidity'

/** The ERC-4337 contracts of the dev chains. */
export const SMART_ACCOUNT_CONTRACT_NAMES = ['EntryPoint', 'PorticoAccountFactory', 'PorticoAccount', 'VerifyingPaymaster'] as const
export type SmartAccountContractName = (typeof SMART_ACCOUNT_CONTRACT_NAMES)[number]

/** The cached compiler output, with the fingerprint of what it was made from. */
export type SmartAccountArtifacts = { solcVersion: string; sourceHash: string; contracts: Record<SmartAccountContractName, CompiledContract> }

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))
const require = createRequire(import.meta.url)
/** Where the compiled contracts are cached, beside the sources (committed; a test recompiles and compares). */
export const SMART_ACCOUNT_ARTIFACTS_PATH = here('SmartAccountContracts.json')

/** EntryPoint v0.7 and the VerifyingPaymaster come from `@account-abstraction/contracts` as they are published. */
const PACKAGE_SOURCES = ['@account-abstraction/contracts/core/EntryPoint.sol', '@account-abstraction/contracts/samples/VerifyingPaymaster.sol']
const LOCAL_SOURCES = ['PorticoAccount.sol', 'PorticoAccountFactory.sol']

const readSources = () => Object.fromEntries([
  ...LOCAL_SOURCES.map((name) => [name, readFileSync(here(name), 'utf8')]),
  ...PACKAGE_SOURCES.map((name) => [name, readFileSync(require.resolve(name), 'utf8')]),
])

function sourceHash(sources: Record<string, string>): string {
  const versions = ['@account-abstraction/contracts', '@openzeppelin/contracts'].map((name) => `${name} ${packageVersion(name)}`).join('\0')
  const hash = createHash('sha256').update(`solc ${solc.version()}\0${versions}`)
  for (const name of Object.keys(sources).sort()) hash.update(`\0${name}\0${sources[name]}`)
  return `0x${hash.digest('hex')}`
}

/**
 * Compiles EntryPoint v0.7, the VerifyingPaymaster and the Portico account and its factory with
 * solc-js. Takes several seconds: use {@link readSmartAccountContracts}.
 */
export function compileSmartAccountContracts(): SmartAccountArtifacts {
  const sources = readSources()
  const contracts = compileSolidity(sources, {
    EntryPoint: '@account-abstraction/contracts/core/EntryPoint.sol:EntryPoint',
    PorticoAccountFactory: 'PorticoAccountFactory.sol:PorticoAccountFactory',
    PorticoAccount: 'PorticoAccount.sol:PorticoAccount',
    VerifyingPaymaster: '@account-abstraction/contracts/samples/VerifyingPaymaster.sol:VerifyingPaymaster',
  })
  return { solcVersion: solc.version(), sourceHash: sourceHash(sources), contracts }
}

let cached: SmartAccountArtifacts | undefined

/**
 * The compiled contracts: the cached `SmartAccountContracts.json` while it matches the sources
 * and package versions, else a fresh compile written back to the cache.
 *
 * @example
 * const { EntryPoint } = readSmartAccountContracts().contracts
 */
export function readSmartAccountContracts(): SmartAccountArtifacts {
  if (cached) return cached
  const stored = existsSync(SMART_ACCOUNT_ARTIFACTS_PATH) ? (JSON.parse(readFileSync(SMART_ACCOUNT_ARTIFACTS_PATH, 'utf8')) as SmartAccountArtifacts) : undefined
  if (stored?.sourceHash === sourceHash(readSources())) return (cached = stored)
  const fresh = compileSmartAccountContracts()
  writeFileSync(SMART_ACCOUNT_ARTIFACTS_PATH, `${JSON.stringify(fresh, null, 2)}\n`)
  return (cached = fresh)
}

// `npx tsx dev/chain/contracts/smartAccountContracts.ts` compiles and rewrites the cache.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(SMART_ACCOUNT_ARTIFACTS_PATH, `${JSON.stringify(compileSmartAccountContracts(), null, 2)}\n`)
  console.log(`wrote ${SMART_ACCOUNT_ARTIFACTS_PATH}`)
}
