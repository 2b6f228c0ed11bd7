import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { consumerEnv } from './consumerEnv'
import { consumersCache, repoRoot } from './packTarball'

const MARKER = 'node_modules/.portico-consumer-installed'

/**
 * Where the consumer app `name` lives: the examples a developer copies (`examples/<name>`: vite,
 * next, wagmi, node-core) are tested as they are, so they cannot drift from the package; the other
 * apps, which check one bundler setup each, are in `tests/consumers/apps/<name>`.
 */
export function consumerAppSource(name: string): string {
  const example = join(repoRoot, 'examples', name)
  return existsSync(example) ? example : join(repoRoot, 'tests/consumers/apps', name)
}

/** What a developer's own runs leave in an example folder, never copied over the installed app. */
export const LOCAL_OUTPUT = /\/(node_modules|dist|\.next)(\/|$)|\/package-lock\.json$/

/**
 * Puts the consumer app `name` (see `consumerAppSource`) with the packed `portico` into
 * `.cache/consumers/<name>-<key>/` and returns that folder.
 *
 * The npm install is cached: the key hashes the app's package.json and the dependency fields of the
 * tarball's package.json, so a warm run reuses node_modules and a change to either installs again
 * (a fresh machine installs everything). The tarball's files themselves are unpacked over
 * `node_modules/portico` on every run, so the app always sees this run's build.
 */
export function installConsumerApp(name: string, tarball: string): string {
  const source = consumerAppSource(name)
  const appPackage = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }
  const porticoPackage = execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' })
  const { dependencies, peerDependencies, peerDependenciesMeta } = JSON.parse(porticoPackage) as Record<string, unknown>
  const key = createHash('sha256')
    .update(JSON.stringify(appPackage))
    .update(JSON.stringify({ dependencies, peerDependencies, peerDependenciesMeta }))
    .digest('hex')
    .slice(0, 12)
  const dir = join(consumersCache, `${name}-${key}`)

  if (!existsSync(join(dir, MARKER))) {
    for (const old of readdirSync(consumersCache)) if (new RegExp(`^${name}-[0-9a-f]{12}$`).test(old)) rmSync(join(consumersCache, old), { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    cpSync(tarball, join(dir, 'portico.tgz'))
    const withPortico = { ...appPackage, dependencies: { ...appPackage.dependencies, portico: 'file:./portico.tgz' } }
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify(withPortico, null, 2)}\n`)
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, env: consumerEnv(), stdio: ['ignore', 'inherit', 'inherit'] })
    writeFileSync(join(dir, MARKER), `${new Date().toISOString()}\n`)
  } else {
    const unpacked = join(dir, 'node_modules/portico')
    rmSync(unpacked, { recursive: true, force: true })
    mkdirSync(unpacked, { recursive: true })
    execFileSync('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1'])
  }
  // The app's own files, fresh each run (package.json stays the installed one).
  cpSync(source, dir, { recursive: true, filter: (path) => !path.endsWith('/package.json') && !LOCAL_OUTPUT.test(path.slice(source.length)) })
  return dir
}
