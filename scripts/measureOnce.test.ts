import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { inputsKey, measureOnce } from './measureOnce'

let dir: string
beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'measure-once-'))))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** A measure that counts its runs and returns the run's number. */
function counting() {
  let runs = 0
  return { measure: async () => ({ share: 100 + ++runs }), runs: () => runs }
}

describe('measureOnce', () => {
  it('measures once for a key: the next call with the same key reads the result back', async () => {
    const file = join(dir, 'measures/headless.json')
    const { measure, runs } = counting()
    expect(await measureOnce(file, 'a', measure)).toEqual({ share: 101, reused: false })
    expect(await measureOnce(file, 'a', measure)).toEqual({ share: 101, reused: true })
    expect(runs()).toBe(1)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ key: 'a', result: { share: 101 } })
  })

  it('measures again when the key differs, and keeps the new result', async () => {
    const file = join(dir, 'm.json')
    const { measure, runs } = counting()
    await measureOnce(file, 'a', measure)
    expect(await measureOnce(file, 'b', measure)).toEqual({ share: 102, reused: false })
    expect(await measureOnce(file, 'a', measure)).toEqual({ share: 103, reused: false })
    expect(runs()).toBe(3)
  })

  it('does not keep a result it is told to turn down: the next call measures again', async () => {
    const file = join(dir, 'm.json')
    const { measure, runs } = counting()
    const keep = (result: { share: number }) => result.share > 101
    expect((await measureOnce(file, 'a', measure, keep)).reused).toBe(false)
    expect((await measureOnce(file, 'a', measure, keep)).reused).toBe(false)
    expect(await measureOnce(file, 'a', measure, keep)).toEqual({ share: 102, reused: true })
    expect(runs()).toBe(2)
  })

  it('measures when the cache is unreadable, and a failed measure leaves nothing behind', async () => {
    const file = join(dir, 'm.json')
    writeFileSync(file, '{ half a file')
    const { measure } = counting()
    expect(await measureOnce(file, 'a', measure)).toEqual({ share: 101, reused: false })
    await expect(measureOnce(file, 'b', () => Promise.reject(new Error('vite build failed')))).rejects.toThrow('vite build failed')
    expect(await measureOnce(file, 'b', measure)).toEqual({ share: 102, reused: false })
  })
})

describe('inputsKey', () => {
  it("changes with a file's bytes or name, not with what `skip` leaves out", () => {
    const app = join(dir, 'app')
    mkdirSync(join(app, 'src'), { recursive: true })
    mkdirSync(join(app, 'dist'))
    writeFileSync(join(app, 'src/main.tsx'), 'export {}\n')
    writeFileSync(join(app, 'package.json'), '{}\n')
    const skip = /\/dist(\/|$)/
    const key = inputsKey([app], skip)
    writeFileSync(join(app, 'dist/out.js'), 'built\n')
    expect(inputsKey([app], skip)).toBe(key)
    writeFileSync(join(app, 'src/main.tsx'), 'export const a = 1\n')
    const edited = inputsKey([app], skip)
    expect(edited).not.toBe(key)
    rmSync(join(app, 'src/main.tsx'))
    writeFileSync(join(app, 'src/other.tsx'), 'export const a = 1\n')
    expect(inputsKey([app], skip)).not.toBe(edited)
    expect(inputsKey([join(app, 'package.json')])).not.toBe(inputsKey([app], skip))
  })
})
