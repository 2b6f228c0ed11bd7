import { describe, expect, it } from 'vitest'
import { nameProblem, NamesController } from './NamesController'

describe('NamesController', () => {
  it('takes labels of at least 4 letters, digits or hyphens, 63 at most', () => {
    expect(nameProblem('bob')).toBe('too-short')
    expect(nameProblem('')).toBe('too-short')
    expect(nameProblem('carol')).toBeUndefined()
    expect(nameProblem('Car-0l')).toBeUndefined()
    expect(nameProblem('a'.repeat(63))).toBeUndefined()
    expect(nameProblem('a'.repeat(64))).toBe('too-long')
    expect(nameProblem('car ol')).toBe('characters')
    expect(nameProblem('carol.eth')).toBe('characters')
    expect(nameProblem('ca_rol')).toBe('characters')
  })

  it('adds the zone, lower-cased', () => {
    expect(NamesController.fullName('Carol')).toBe('carol.portico.id')
  })
})
