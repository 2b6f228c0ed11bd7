import { fileURLToPath } from 'node:url'
import { afterEach, expect, it } from 'vitest'
import { createLocaleController } from '../controllers/LocaleController'
import { createModalController } from '../controllers/ModalController'
import { createThemeController } from '../controllers/ThemeController'
import type { Portico } from '../Portico'
import { firstLoadModules } from '../../tests/support/firstLoadModules'
import { createPortico } from './createPortico'

const network = { id: 31337, caipNetworkId: 'eip155:31337', chainNamespace: 'eip155', name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } } } as const

let portico: Portico | undefined
afterEach(() => {
  portico?.destroy()
  portico = undefined
})

it("keeps the stores' flows and the modal's shell out of a connect screen's first load", async () => {
  // What an app's connect screen imports (examples/headless), and the static graph it loads first.
  const index = fileURLToPath(new URL('./index.ts', import.meta.url))
  const modules = await firstLoadModules('<stdin>', {
    stdin: { contents: `export { createPortico, HeadlessProvider, useAccount, useConnect, useEmailLogin, useWallets } from ${JSON.stringify(index)}`, resolveDir: '.', loader: 'ts' },
  })
  const flows = /src\/controllers\/(ApiController|EmbeddedWalletController|SiwxController|StorageController|ModalController|RouterController|ThemeController|LocaleController|EventsController|wireModalClose|connection\/(signIn|connectionChanges|authConnector|emailLogin|socialLogin|withAlert))\.ts$|src\/features\/(modalShell|locale|walletConnectPreload|account|walletJourney)\.ts$/
  expect(modules.filter((m) => flows.test(m))).toEqual([])
  // The state the hooks read is there.
  for (const state of ['ApiState', 'EmbeddedWalletState', 'SiwxState', 'ConnectionRecords']) {
    expect(modules.some((m) => m.endsWith(`src/controllers/${state}.ts`))).toBe(true)
  }
})

it('applies the theme and the language, and moves the modal state, once each has loaded', async () => {
  const started = (portico = createPortico({ networks: [network], themeMode: 'dark' }))
  await expect.poll(() => started.stores.get(createThemeController).state.themeMode).toBe('dark')

  expect(portico.getLocale()).toBe('en')
  await expect(portico.setLocale('pt-PT')).resolves.toBe('pt-BR')
  expect(portico.getLocale()).toBe('pt-BR')
  expect(started.stores.get(createLocaleController).state.locale).toBe('pt-BR')

  const states: boolean[] = []
  const stop = portico.subscribeModal(({ open }) => states.push(open))
  portico.open()
  await expect.poll(() => started.stores.get(createModalController).state.open).toBe(true)
  await expect.poll(() => states).toContain(true)
  expect(portico.close()).toBe(true)
  expect(started.stores.get(createModalController).state.open).toBe(false)
  await expect.poll(() => states).toEqual([true, false])
  stop()
  portico.open()
  await expect.poll(() => started.stores.get(createModalController).state.open).toBe(true)
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(states).toEqual([true, false])
})

it('refuses an invalid locale with LocaleError', async () => {
  portico = createPortico({ networks: [network] })
  await expect(portico.setLocale('not a locale!')).rejects.toMatchObject({ name: 'LocaleError' })
  expect(portico.getLocale()).toBe('en')
})
