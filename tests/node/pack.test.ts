import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const work = mkdtempSync(join(tmpdir(), 'portico-pack-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

describe('the npm package', () => {
  it('ships the WASM, and `import { init, Rlp } from "portico/core"` works from the tarball alone', () => {
    const out = execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
    const [info] = JSON.parse(out.slice(out.indexOf('['))) as { filename: string; files: { path: string }[] }[]
    const files = info!.files.map((f) => f.path)
    expect(files).toContain('dist/core/wasm/portico_wasm_bg.wasm')
    expect(files).toContain('dist/core/index.js')
    expect(files).toContain('dist/core/index.d.ts')
    // portico/walletconnect: its own entry; universal-provider stays external, in a chunk loaded on demand.
    expect(files).toContain('dist/connectors/walletconnect/walletConnect.js')
    expect(files).toContain('dist/connectors/walletconnect/walletConnect.d.ts')
    expect(files.filter((f) => f.startsWith('src/') || f.startsWith('crates/'))).toEqual([])

    // A bare project with only the unpacked tarball in node_modules: no Rust, no dev dependencies.
    const app = join(work, 'app')
    mkdirSync(join(app, 'node_modules'), { recursive: true })
    execFileSync('tar', ['-xzf', join(work, info!.filename), '-C', join(app, 'node_modules')])
    renameSync(join(app, 'node_modules/package'), join(app, 'node_modules/portico'))
    writeFileSync(join(app, 'package.json'), JSON.stringify({ type: 'module', private: true }))
    writeFileSync(
      join(app, 'main.js'),
      [
        "import { init, Rlp } from 'portico/core'",
        'await init()',
        "const bytes = Rlp.encode([new TextEncoder().encode('cat'), []])",
        "console.log(Buffer.from(bytes).toString('hex'), Rlp.decode(bytes).length)",
      ].join('\n'),
    )
    const printed = execFileSync(process.execPath, ['main.js'], { cwd: app, encoding: 'utf8' })
    expect(printed.trim()).toBe('c583636174c0 2')
    expect(readdirSync(join(app, 'node_modules/portico/dist/core/wasm'))).toContain('portico_wasm_bg.wasm')
  }, 180_000)
})
