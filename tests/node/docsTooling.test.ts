import { describe, expect, it } from 'vitest'
import { benchRows, ratioChartSvg } from '../../scripts/docs/benchRatios'
import { samplesOf } from '../../scripts/docs/docSamples'

describe('samplesOf: the TypeScript blocks of a docs page', () => {
  it('takes ts and tsx blocks, indented ones too, with the line their code starts on; other languages are skipped', () => {
    const page = ['# Page', '', '```sh', 'npm install portico', '```', '', '- a list item:', '', '  ```tsx', '  const a = <b />', '    nested()', '  ```', '', '```ts', 'const x = 1', '```', ''].join('\n')
    expect(samplesOf('guide/x.md', page)).toEqual([
      { page: 'guide/x.md', line: 10, lang: 'tsx', code: 'const a = <b />\n  nested()' },
      { page: 'guide/x.md', line: 15, lang: 'ts', code: 'const x = 1' },
    ])
  })

  it('does not read a fence inside another fence as a sample', () => {
    const page = ['````md', '```ts', 'not a sample', '```', '````'].join('\n')
    expect(samplesOf('x.md', page)).toEqual([])
  })
})

describe('benchRows and ratioChartSvg: the chart of npm run bench', () => {
  const output = [
    '. keccak256 32 B',
    '',
    '| case | portico | other | other time | other ÷ portico | target |',
    '|---|---|---|---|---|---|',
    '| keccak256 32 B | 1.43 µs | js-sha3 | 7.13 µs | 4.99× |  |',
    '| Rlp.decode 1000-deep | 14.87 µs | ox Rlp.toBytes | 46.06 µs | 3.26× | ≥ 3× met |',
    '| Rlp.decode <tx> | 1.21 µs | ox & co | 1.00 µs | 0.82× |  |',
    '',
    'WASM: 90000 bytes',
  ].join('\n')

  it('reads the rows of the table the bench prints, with their targets', () => {
    expect(benchRows(output)).toEqual([
      { title: 'keccak256 32 B', other: 'js-sha3', ratio: 4.99 },
      { title: 'Rlp.decode 1000-deep', other: 'ox Rlp.toBytes', ratio: 3.26, target: 3 },
      { title: 'Rlp.decode <tx>', other: 'ox & co', ratio: 0.82 },
    ])
  })

  it('finds nothing in a text without the table', () => {
    expect(benchRows('| a | b |\n|---|---|\n| 1 | 2 |')).toEqual([])
  })

  it('draws one labelled bar per case, with the figures in the accessible description and the text escaped', () => {
    const svg = ratioChartSvg(benchRows(output))
    expect(svg.match(/<rect x=/g)).toHaveLength(3)
    expect(svg).toContain('<desc id="desc">keccak256 32 B: 4.99× (js-sha3); Rlp.decode 1000-deep: 3.26× (ox Rlp.toBytes); Rlp.decode &lt;tx&gt;: 0.82× (ox &amp; co)</desc>')
    expect(svg).not.toContain('<tx>')
  })
})
