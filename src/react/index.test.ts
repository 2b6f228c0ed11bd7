import { expect, it } from 'vitest'
import * as react from './index'

it('exports exactly the portico/react API', () => {
  expect(Object.keys(react).sort()).toEqual([
    'ConnectButton',
    'NetworkButton',
    'PorticoProvider',
    'createPortico',
    'usePortico',
    'usePorticoAccount',
    'usePorticoNetwork',
    'usePorticoSession',
  ])
})
