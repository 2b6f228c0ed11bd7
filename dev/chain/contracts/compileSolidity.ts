import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import solc from 'solc'
import type { Abi, Hex } from 'viem'

/** A compiled contract: what viem needs to deploy and call it. */
export type CompiledContract = { abi: Abi; bytecode: Hex }

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[]
  contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
}

const require = createRequire(import.meta.url)

/** Imports such as `@openzeppelin/contracts/...` resolve from node_modules. */
function findImport(path: string): { contents: string } | { error: string } {
  try {
    return { contents: readFileSync(require.resolve(path), 'utf8') }
  } catch {
    return { error: `Cannot find ${path}` }
  }
}

/** The installed version of an npm package (part of a compile's fingerprint). */
export const packageVersion = (name: string): string => (require(`${name}/package.json`) as { version: string }).version

/**
 * Compiles Solidity sources with solc-js (the compiler built to WASM; no network), imports from
 * node_modules, and returns the contracts asked for, each named `file:Contract` or, when the
 * file is named after it, just `Contract`.
 *
 * @example
 * compileSolidity({ 'A.sol': source }, { A: 'A.sol:A' }).A.bytecode
 */
export function compileSolidity<Name extends string>(
  sources: Record<string, string>,
  wanted: Record<Name, string>,
): Record<Name, CompiledContract> {
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([name, content]) => [name, { content }])),
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as SolcOutput
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length) throw new Error(`solc: ${errors.map((e) => e.formattedMessage).join('\n')}`)
  return Object.fromEntries(Object.entries<string>(wanted).map(([name, path]) => {
    const [file, contractName] = path.split(':') as [string, string]
    const contract = output.contracts[file]?.[contractName]
    if (!contract) throw new Error(`solc: no contract ${contractName} in ${file}`)
    return [name, { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` as Hex }]
  })) as Record<Name, CompiledContract>
}
