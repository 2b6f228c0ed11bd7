import { execFileSync, spawnSync } from 'node:child_process'
import { getAddress, serializeTransaction } from 'viem'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { consumerEnv } from './consumerEnv'
import { installConsumerApp } from './installConsumerApp'

describe('a plain Node project with the tarball installed', () => {
  let dir: string
  let example: string
  beforeAll(() => {
    dir = installConsumerApp('node', inject('porticoTarball'))
    example = installConsumerApp('node-core', inject('porticoTarball'))
  }, 300_000)

  it('runs an ES module script that imports portico/core (examples/node-core, `npm run dev`)', () => {
    const printed = execFileSync('npm', ['run', '--silent', 'dev'], { cwd: example, env: consumerEnv(), encoding: 'utf8' })
    expect(JSON.parse(printed)).toEqual({
      checksum: getAddress('0xd8da6bf26964af9d7eed9e03e53415d37aa96045'),
      rlp: 'c583636174c0',
      tx: serializeTransaction({ chainId: 1, nonce: 0, maxFeePerGas: 30_000_000_000n, maxPriorityFeePerGas: 1n, gas: 21_000n, to: '0x0000000000000000000000000000000000000001', value: 1n }),
    })
  })

  for (const resolution of ['bundler', 'node16']) {
    it(`type-checks a consumer file with tsc --noEmit --strict under moduleResolution ${resolution}`, () => {
      const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', `tsconfig.${resolution}.json`, '--noEmit', '--strict'], { cwd: dir, env: consumerEnv(), encoding: 'utf8' })
      expect(tsc.stdout + tsc.stderr).toBe('')
      expect(tsc.status).toBe(0)
    })
  }
})
