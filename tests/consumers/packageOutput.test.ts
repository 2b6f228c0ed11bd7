import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { consumerEnv } from './consumerEnv'
import { installConsumerApp } from './installConsumerApp'

/** The packed library as an app receives it: `node_modules/portico` of a consumer app. */
let dir: string
let dist: string
const read = (path: string) => readFileSync(join(dist, path), 'utf8')
const jsFiles = () => (readdirSync(dist, { recursive: true }) as string[]).filter((path) => path.endsWith('.js'))

beforeAll(() => {
  dir = installConsumerApp('node', inject('porticoTarball'))
  dist = join(dir, 'node_modules/portico/dist')
}, 300_000)

describe('the library output is plain ES modules', () => {
  it('has no bundler helper in any file', () => {
    const files = jsFiles()
    expect(files.length).toBeGreaterThan(50)
    const withHelpers = files.filter((path) => /__vitePreload|preload-helper|\bvite\/|__webpack_require__|\brequire\(/.test(read(path)))
    expect(withHelpers).toEqual([])
  })

  it('keeps the lazy parts behind plain import()', () => {
    expect(read('ui/entryViews.js')).toContain('import("./views/ConnectView.js")')
    expect(read('ui/preloadModal.js')).toContain('import("./Modal/Modal.js")')
    expect(read('connectors/injected/InjectedConnector.js')).toContain('import("./InjectedSession.js")')
    expect(read('connectors/walletconnect/WalletConnectConnector.js')).toContain('import("./WalletConnectSession.js")')
    expect(read('ui/loadQrLibrary.js')).toContain('import("qrcode")')
    expect(read('controllers/connection/loadConnectionController.js')).toContain('import("./connectionChunk.js")')
    // and none of them is pulled in statically by the entries' static graph
    const staticImports = (path: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(path)) return seen
      seen.add(path)
      for (const [, spec] of read(path).matchAll(/^(?:import|export)\b[^;]*?(?:from\s*|import\s*)"(\.[^"]+)"/gm)) staticImports(join(path, '..', spec!), seen)
      return seen
    }
    const firstLoad = staticImports('react/index.js')
    expect(firstLoad).toContain('connectors/injected/InjectedConnector.js') // the small registered part
    for (const lazy of ['ui/views/ConnectView.js', 'ui/Modal/Modal.js', 'ui/ViewRouter.js', 'connectors/injected/InjectedSession.js', 'ui/components/QrCode.js', 'core/wasm.js', 'core/wasmEvm.js', 'core/wasmSolana.js', 'core/wasmBitcoin.js', 'core/Bitcoin.js', 'features/walletJourneyWiring.js']) expect(firstLoad).not.toContain(lazy)
    // Solana and Bitcoin: their starts load only for an app that lists one of their networks (behind import() in
    // features/connectors); their wiring, connectors and web3.js sit further behind import().
    expect(firstLoad).toContain('features/connectors.js')
    expect(read('features/connectors.js')).toContain('import("./walletStandards.js")')
    for (const lazy of ['features/walletStandards.js', 'features/solana.js', 'features/bitcoin.js', 'features/startWalletStandard.js', 'features/solanaWiring.js', 'connectors/solana/solanaConnectors.js', 'connectors/solana/SolanaProvider.js', 'api/SolanaRpcClient.js']) expect(firstLoad).not.toContain(lazy)
    expect(read('features/solana.js')).toContain('import("./solanaWiring.js")')
    expect(read('connectors/solana/SolanaConnector.js')).toContain('import("./SolanaProvider.js")')
    // portico/walletconnect registers a small connector; the universal provider sits behind import().
    const walletConnect = staticImports('connectors/walletconnect/walletConnect.js')
    expect(walletConnect).toContain('connectors/walletconnect/WalletConnectConnector.js')
    expect(walletConnect).not.toContain('connectors/walletconnect/WalletConnectSession.js')
    expect(read('connectors/walletconnect/WalletConnectSession.js')).toContain('from "@walletconnect/universal-provider"')
  })

  it('portico/headless statically reaches no view, modal shell, modal component or stylesheet', () => {
    const seen = new Set<string>()
    const visit = (path: string) => {
      if (seen.has(path)) return
      seen.add(path)
      for (const [, spec] of read(path).matchAll(/^(?:import|export)\b[^;]*?(?:from\s*|import\s*)"(\.[^"]+)"/gm)) visit(join(path, '..', spec!))
    }
    visit('headless/index.js')
    expect(seen).toContain('headless/useWallets.js')
    expect([...seen].filter((path) => /^ui\/(views|Modal|components)\/|\.css\.js$/.test(path))).toEqual([])
    expect(read('headless/index.js').startsWith("'use client';\n")).toBe(true)
  })

  it('references each namespace\'s WASM module by new URL(…, import.meta.url), beside the file that loads it', () => {
    for (const ns of ['evm', 'solana', 'bitcoin']) {
      const file = `core/wasm${ns[0]!.toUpperCase()}${ns.slice(1)}.js`
      expect(read(file)).toContain(`new URL("./wasm/${ns}/portico_wasm_${ns}_bg.wasm", import.meta.url)`)
      expect(existsSync(join(dist, `core/wasm/${ns}/portico_wasm_${ns}_bg.wasm`))).toBe(true)
    }
  })

  it("marks portico/react as a client module ('use client' first) and leaves portico/core unmarked", () => {
    expect(read('react/index.js').startsWith("'use client';\n")).toBe(true)
    expect(read('core/index.js')).not.toContain('use client')
  })
})

describe('on a server', () => {
  it('importing portico/react and portico/core touches no browser global, starts no timer, and the process exits by itself', () => {
    const run = spawnSync(process.execPath, ['importOnServer.js'], { cwd: dir, env: consumerEnv(), encoding: 'utf8', timeout: 20_000 })
    expect(run.error).toBeUndefined() // a timeout (something kept the process alive) is an error here
    expect(run.stderr).toBe('')
    const { uses, react, core } = JSON.parse(run.stdout) as { uses: string[]; react: string[]; core: string[] }
    expect(uses).toEqual([])
    expect(react).toEqual(['ConnectButton', 'NetworkButton', 'PorticoProvider', 'createPortico', 'usePortico', 'usePorticoAccount', 'usePorticoNetwork', 'usePorticoSession'])
    expect(core).toEqual(['Address', 'Base58', 'BaseError', 'Bitcoin', 'Caip', 'Hash', 'InitError', 'NotInitializedError', 'Rlp', 'Solana', 'Transaction', 'UnknownNamespaceError', 'init', 'isReady'])
  })

  it('renders <PorticoProvider> + <ConnectButton> to HTML: the button, and no modal', () => {
    const html = execFileSync(process.execPath, ['renderOnServer.js'], { cwd: dir, env: consumerEnv(), encoding: 'utf8', timeout: 20_000 })
    // `lang` names the language of the label (the page's may differ once a locale is chosen).
    expect(html).toMatch(/^<button type="button" lang="en" style="[^"]*">Connect wallet<\/button>\s*$/)
  })
})
