import type { TestProject } from 'vitest/node'
import { packTarball } from './packTarball'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The tarball `npm pack` made for this run (tests/consumers/packTarball.ts). */
    porticoTarball: string
  }
}

/** Packs Portico once per run; every consumer test installs that same tarball. */
export default function setup(project: TestProject) {
  project.provide('porticoTarball', packTarball())
}
