import { describe, expect, it } from 'vitest'
import { encodeFunctionData, erc20Abi, formatUnits as viemFormatUnits, parseUnits as viemParseUnits } from 'viem'
import { amountProblem, erc20TransferData, formatUnits, parseUnits } from './units'

describe('send amounts', () => {
  it.each([
    ['', 18, 'empty'],
    ['  ', 18, 'empty'],
    ['.', 18, 'not-a-number'],
    ['1,5', 18, 'not-a-number'],
    ['-1', 18, 'not-a-number'],
    ['1e3', 18, 'not-a-number'],
    ['0', 18, 'zero'],
    ['0.000', 6, 'zero'],
    ['1.1234567', 6, 'too-many-decimals'],
    ['1.123456', 6, undefined],
    ['.5', 18, undefined],
    ['5.', 18, undefined],
  ] as const)('amountProblem(%j, %i) is %s', (text, decimals, problem) => {
    expect(amountProblem(text, decimals)).toBe(problem)
  })

  it('parses and formats exactly like viem', () => {
    for (const [text, decimals] of [['1.5', 18], ['0.000001', 6], ['123456789.123456789123456789', 18], ['.5', 6], ['7', 0]] as const) {
      expect(parseUnits(text, decimals)).toBe(viemParseUnits(text.startsWith('.') ? `0${text}` : text, decimals))
      expect(formatUnits(parseUnits(text, decimals), decimals)).toBe(viemFormatUnits(parseUnits(text, decimals), decimals))
    }
    expect(() => parseUnits('1.1234567', 6)).toThrow('Not an amount with at most 6 decimals: 1.1234567')
  })

  it('encodes ERC-20 transfer calls like viem', () => {
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    for (const amount of [0n, 1n, 12_500_000n, 2n ** 256n - 1n]) {
      expect(erc20TransferData(to, amount)).toBe(encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }))
    }
  })
})
