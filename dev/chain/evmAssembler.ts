import { bytesToHex, concatHex, type Hex } from 'viem'

/**
 * A very small EVM assembler: enough to write a token contract by hand without a Solidity
 * compiler. An item is an opcode name, a `push` of a value, a label, or a `pushLabel`
 * (always two bytes, resolved in a second pass).
 */
export type AsmItem =
  | string
  | { push: bigint | number | Hex }
  | { label: string }
  | { pushLabel: string }

const OPCODES: Record<string, number> = {
  STOP: 0x00, ADD: 0x01, MUL: 0x02, SUB: 0x03, DIV: 0x04, LT: 0x10, GT: 0x11, EQ: 0x14, ISZERO: 0x15,
  AND: 0x16, OR: 0x17, NOT: 0x19, SHL: 0x1b, SHR: 0x1c, SHA3: 0x20, ADDRESS: 0x30, CALLER: 0x33,
  CALLVALUE: 0x34, CALLDATALOAD: 0x35, CALLDATASIZE: 0x36, CODECOPY: 0x39, POP: 0x50, MLOAD: 0x51,
  MSTORE: 0x52, SLOAD: 0x54, SSTORE: 0x55, JUMP: 0x56, JUMPI: 0x57, JUMPDEST: 0x5b,
  DUP1: 0x80, DUP2: 0x81, DUP3: 0x82, DUP4: 0x83, DUP5: 0x84, DUP6: 0x85,
  SWAP1: 0x90, SWAP2: 0x91, SWAP3: 0x92, SWAP4: 0x93,
  LOG1: 0xa1, LOG3: 0xa3, RETURN: 0xf3, REVERT: 0xfd,
}

function valueBytes(value: bigint | number | Hex): number[] {
  let big = typeof value === 'string' ? BigInt(value) : BigInt(value)
  if (big < 0n) throw new Error(`Cannot push a negative value: ${big}`)
  const out: number[] = []
  while (big > 0n) {
    out.unshift(Number(big & 0xffn))
    big >>= 8n
  }
  if (out.length === 0) out.push(0)
  if (out.length > 32) throw new Error('Cannot push more than 32 bytes')
  return out
}

/**
 * Assembles items into bytecode.
 *
 * @example
 * assemble([{ push: 1 }, { push: 2 }, 'ADD']) // '0x6001600201'
 */
export function assemble(items: readonly AsmItem[]): Hex {
  const labels = new Map<string, number>()
  let offset = 0
  for (const item of items) {
    if (typeof item === 'string') offset += 1
    else if ('label' in item) {
      labels.set(item.label, offset)
      offset += 1 // a label is a JUMPDEST
    } else if ('pushLabel' in item) offset += 3
    else offset += 1 + valueBytes(item.push).length
  }
  const bytes: number[] = []
  for (const item of items) {
    if (typeof item === 'string') {
      const code = OPCODES[item]
      if (code === undefined) throw new Error(`Unknown opcode ${item}`)
      bytes.push(code)
    } else if ('label' in item) bytes.push(OPCODES.JUMPDEST!)
    else if ('pushLabel' in item) {
      const target = labels.get(item.pushLabel)
      if (target === undefined) throw new Error(`Unknown label ${item.pushLabel}`)
      bytes.push(0x61, target >> 8, target & 0xff)
    } else {
      const data = valueBytes(item.push)
      bytes.push(0x5f + data.length, ...data)
    }
  }
  return bytesToHex(Uint8Array.from(bytes))
}

/**
 * Wraps runtime code in init code that runs `constructor` first and then returns the runtime.
 *
 * @example
 * withConstructor([], assemble(['STOP']))
 */
export function withConstructor(constructor: readonly AsmItem[], runtime: Hex): Hex {
  const runtimeLength = (runtime.length - 2) / 2
  const build = (runtimeOffset: number) =>
    assemble([
      ...constructor,
      { push: runtimeLength }, 'DUP1', { push: runtimeOffset }, { push: 0 }, 'CODECOPY',
      { push: 0 }, 'RETURN',
    ])
  // The offset's own push width can change the prefix length; iterate until stable.
  let prefix = build(0)
  for (let i = 0; i < 3; i++) prefix = build((prefix.length - 2) / 2)
  return concatHex([prefix, runtime])
}
