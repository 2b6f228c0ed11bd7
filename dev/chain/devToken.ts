import { toEventSelector, toFunctionSelector, toHex, type Hex } from 'viem'
import { assemble, withConstructor, type AsmItem } from './evmAssembler'

/** What a seeded token is: its metadata and the supply minted to the deployer. */
export type DevTokenSpec = { name: string; symbol: string; decimals: number; supply: bigint }

const ADDRESS_MASK = (1n << 160n) - 1n
/** Balances live at the slot equal to the holder's address; the total supply far above. */
const TOTAL_SUPPLY_SLOT = 1n << 255n
const TRANSFER = toEventSelector('Transfer(address,address,uint256)')
const APPROVAL = toEventSelector('Approval(address,address,uint256)')

const returnWord: AsmItem[] = [{ push: 0 }, 'MSTORE', { push: 32 }, { push: 0 }, 'RETURN']
const arg = (index: number, address = false): AsmItem[] => [
  { push: 4 + 32 * index },
  'CALLDATALOAD',
  ...(address ? [{ push: ADDRESS_MASK }, 'AND'] : []),
]

function stringReturn(text: string): AsmItem[] {
  const bytes = new TextEncoder().encode(text)
  if (bytes.length === 0 || bytes.length > 32) throw new Error(`Token string must be 1-32 bytes: ${text}`)
  const padded = `0x${toHex(bytes).slice(2).padEnd(64, '0')}` as Hex // left-aligned, as ABI strings are
  return [
    { push: 0x20 }, { push: 0 }, 'MSTORE',
    { push: bytes.length }, { push: 0x20 }, 'MSTORE',
    { push: padded }, { push: 0x40 }, 'MSTORE',
    { push: 0x60 }, { push: 0 }, 'RETURN',
  ]
}

/**
 * The runtime code of a minimal ERC-20 (name, symbol, decimals, totalSupply, balanceOf,
 * transfer, approve, allowance, transferFrom with Transfer/Approval events; an allowance of
 * 2^256-1 is never decreased), written in EVM assembly so that no Solidity compiler is needed.
 */
export function devTokenRuntime(spec: DevTokenSpec): Hex {
  const selectors: [string, string][] = [
    ['name()', 'name'], ['symbol()', 'symbol'], ['decimals()', 'decimals'], ['totalSupply()', 'totalSupply'],
    ['balanceOf(address)', 'balanceOf'], ['transfer(address,uint256)', 'transfer'],
    ['allowance(address,address)', 'allowance'], ['approve(address,uint256)', 'approve'],
    ['transferFrom(address,address,uint256)', 'transferFrom'],
  ]
  return assemble([
    { push: 0 }, 'CALLDATALOAD', { push: 0xe0 }, 'SHR',
    ...selectors.flatMap(([signature, label]): AsmItem[] => [
      'DUP1', { push: toFunctionSelector(signature) }, 'EQ', { pushLabel: label }, 'JUMPI',
    ]),
    { label: 'revert' }, { push: 0 }, 'DUP1', 'REVERT',

    { label: 'name' }, ...stringReturn(spec.name),
    { label: 'symbol' }, ...stringReturn(spec.symbol),
    { label: 'decimals' }, { push: spec.decimals }, ...returnWord,
    { label: 'totalSupply' }, { push: TOTAL_SUPPLY_SLOT }, 'SLOAD', ...returnWord,
    { label: 'balanceOf' }, ...arg(0, true), 'SLOAD', ...returnWord,
    { label: 'allowance' },
    ...arg(0, true), { push: 0 }, 'MSTORE', ...arg(1, true), { push: 0x20 }, 'MSTORE',
    { push: 0x40 }, { push: 0 }, 'SHA3', 'SLOAD', ...returnWord,

    { label: 'approve' },
    'CALLER', { push: 0 }, 'MSTORE', ...arg(0, true), { push: 0x20 }, 'MSTORE',
    ...arg(1), 'DUP1', { push: 0x40 }, { push: 0 }, 'SHA3', 'SSTORE', // [amount]
    { push: 0 }, 'MSTORE',
    ...arg(0, true), 'CALLER', { push: APPROVAL }, { push: 32 }, { push: 0 }, 'LOG3',
    { label: 'returnTrue' }, { push: 1 }, ...returnWord,

    { label: 'transfer' },
    ...arg(1), ...arg(0, true), 'CALLER', { pushLabel: 'returnTrue' }, 'SWAP3', // [ret, to, from, amount]
    { pushLabel: 'move' }, 'JUMP',

    { label: 'transferFrom' },
    ...arg(0, true), { push: 0 }, 'MSTORE', 'CALLER', { push: 0x20 }, 'MSTORE',
    { push: 0x40 }, { push: 0 }, 'SHA3', 'DUP1', 'SLOAD', ...arg(2), // [key, allowed, amount]
    'DUP1', 'DUP3', 'LT', { pushLabel: 'revert' }, 'JUMPI',
    'DUP2', 'NOT', 'ISZERO', { pushLabel: 'unlimited' }, 'JUMPI',
    'DUP1', 'DUP3', 'SUB', 'DUP4', 'SSTORE',
    { label: 'unlimited' }, 'POP', 'POP', 'POP',
    { pushLabel: 'returnTrue' }, ...arg(1, true), ...arg(0, true), ...arg(2), // [ret, to, from, amount]
    { pushLabel: 'move' }, 'JUMP',

    // move: [ret, to, from, amount] → balances moved, Transfer logged, jumps to ret
    { label: 'move' },
    'DUP2', 'SLOAD', 'DUP2', 'DUP2', 'LT', { pushLabel: 'revert' }, 'JUMPI', // [ret,to,from,amount,balFrom]
    'DUP2', 'SWAP1', 'SUB', 'DUP3', 'SSTORE', // [ret,to,from,amount]
    'DUP3', 'SLOAD', 'DUP2', 'ADD', 'DUP4', 'SSTORE',
    { push: 0 }, 'MSTORE', // [ret,to,from]
    'DUP2', 'DUP2', { push: TRANSFER }, { push: 32 }, { push: 0 }, 'LOG3',
    'POP', 'POP', 'JUMP',
  ])
}

/**
 * Deployment bytecode: mints `supply` to the deployer (with a Transfer from the zero address)
 * and installs {@link devTokenRuntime}.
 *
 * @example
 * await wallet.deployContract({ abi: erc20Abi, bytecode: devTokenBytecode(spec), account })
 */
export function devTokenBytecode(spec: DevTokenSpec): Hex {
  const constructor: AsmItem[] = [
    { push: spec.supply }, 'CALLER', 'SSTORE',
    { push: spec.supply }, { push: TOTAL_SUPPLY_SLOT }, 'SSTORE',
    { push: spec.supply }, { push: 0 }, 'MSTORE',
    'CALLER', { push: 0 }, { push: TRANSFER }, { push: 32 }, { push: 0 }, 'LOG3',
  ]
  return withConstructor(constructor, devTokenRuntime(spec))
}
