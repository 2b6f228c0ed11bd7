import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { firstLoadModules } from '../../tests/support/firstLoadModules'

it("a headless app's first load carries the entry family of error texts and no other", async () => {
  // What examples/headless renders first: the provider, the wallet list, a connect and an email login.
  const modules = await firstLoadModules('<stdin>', {
    stdin: {
      contents: "export { createPortico, HeadlessProvider, useAccount, useConnect, useEmailLogin, useWallets } from './src/headless/index'",
      resolveDir: fileURLToPath(new URL('../..', import.meta.url)),
      loader: 'ts',
    },
    external: ['./wasm/*'],
    loader: { '.wasm': 'empty' },
  })
  expect(modules).toContain('src/headless/useEmailLogin.ts')
  expect(modules).toContain('src/errors/PorticoError.ts')
  expect(modules.filter((m) => /^src\/errors\/\w+Messages\.ts$/.test(m))).toEqual(['src/errors/entryMessages.ts'])
})
