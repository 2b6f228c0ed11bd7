import { expect, it } from 'vitest'
import * as wagmi from './index'

it('exports exactly the portico/wagmi API', () => {
  expect(Object.keys(wagmi).sort()).toEqual(['porticoConnector'])
})
