import { describe, expect, it } from 'vitest'
import { createNamesController, nameProblem } from './NamesController'
import { createStores } from './stores'
import { testStore } from '../../tests/support/testStores'

const NamesController = testStore(createNamesController)

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

  it("keeps each Portico's zone and client to itself", async () => {
    const [one, two] = [createStores().get(createNamesController), createStores().get(createNamesController)]
    one.setClient(undefined, { zone: 'names.test' })
    expect(one.fullName('Carol')).toBe('carol.names.test')
    expect(two.fullName('Carol')).toBe('carol.portico.id')
    await two.search('carol')
    expect(two.state).toMatchObject({ checking: false, errorCode: 'nameResolve' })
    expect(one.state).toMatchObject({ query: '', errorCode: undefined })
  })
})
