import { beforeEach, describe, expect, it } from 'vitest'
import { createChainController } from './ChainController'
import type { Network } from '../networks/Network'
import { DEFAULT_SDK_VERSION, createOptionsController } from './OptionsController'
import { testStore, resetAllStores } from '../../tests/support/testStores'

const ChainController = testStore(createChainController)
const OptionsController = testStore(createOptionsController)

beforeEach(() => resetAllStores())

describe('OptionsController', () => {
  it('stores projectId and metadata', () => {
    const metadata = { name: 'Demo', description: 'A demo', url: 'https://demo.test', icons: ['https://demo.test/icon.png'] }
    OptionsController.setOptions({ projectId: 'abc', metadata })
    expect(OptionsController.state.projectId).toBe('abc')
    expect(OptionsController.state.metadata).toEqual(metadata)
  })

  it('networks given in the options become the supported networks', () => {
    const sepolia: Network = {
      id: 11155111,
      caipNetworkId: 'eip155:11155111',
      chainNamespace: 'eip155',
      name: 'Sepolia',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
      testnet: true,
    }
    OptionsController.setOptions({ networks: [sepolia] })
    expect(OptionsController.state.networks).toEqual([sepolia])
    expect(ChainController.getActiveNetwork()?.caipNetworkId).toBe('eip155:11155111')
  })

  it('defaults sdkType to portico and sdkVersion to a platform-adapter-version string', () => {
    expect(OptionsController.state.sdkType).toBe('portico')
    expect(OptionsController.state.sdkVersion).toBe(DEFAULT_SDK_VERSION)
    expect(DEFAULT_SDK_VERSION).toMatch(/^html-[a-z]+-\d+\.\d+\.\d+$/)
  })

  it('default socials: google, x, farcaster, discord, apple, github, facebook', () => {
    expect(OptionsController.getSocials()).toEqual(['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'])
  })

  it('feature order: onramp, swaps, receive, send', () => {
    expect(OptionsController.getWalletFeatures()).toEqual(['onramp', 'swaps', 'receive', 'send'])
  })

  it('local features turn actions off and keep the order', () => {
    OptionsController.setOptions({ features: { swaps: false } })
    expect(OptionsController.getWalletFeatures()).toEqual(['onramp', 'receive', 'send'])
    expect(OptionsController.isEnabled('email')).toBe(true)
  })

  it('multiWallet is off by default', () => {
    expect(OptionsController.isEnabled('multiWallet')).toBe(false)
    OptionsController.setRemoteFeatures({})
    expect(OptionsController.isEnabled('multiWallet')).toBe(false)
  })

  it('remote features gate the local ones', () => {
    OptionsController.setRemoteFeatures({ email: false, swaps: false, onramp: true, activity: false })
    expect(OptionsController.isEnabled('email')).toBe(false)
    expect(OptionsController.isEnabled('activity')).toBe(false)
    expect(OptionsController.getWalletFeatures()).toEqual(['onramp', 'receive', 'send'])
  })

  it('a remote feature cannot turn on what the app turned off', () => {
    OptionsController.setOptions({ features: { onramp: false, multiWallet: false } })
    OptionsController.setRemoteFeatures({ onramp: true, multiWallet: true })
    expect(OptionsController.isEnabled('onramp')).toBe(false)
    expect(OptionsController.isEnabled('multiWallet')).toBe(false)
  })

  it('multiWallet needs both the app and the remote configuration', () => {
    OptionsController.setOptions({ features: { multiWallet: true } })
    expect(OptionsController.isEnabled('multiWallet')).toBe(true)
    OptionsController.setRemoteFeatures({})
    expect(OptionsController.isEnabled('multiWallet')).toBe(false)
    OptionsController.setRemoteFeatures({ multiWallet: true })
    expect(OptionsController.isEnabled('multiWallet')).toBe(true)
  })

  it('remote socials narrow the local list; false removes them', () => {
    OptionsController.setRemoteFeatures({ socials: ['x', 'google'] })
    expect(OptionsController.getSocials()).toEqual(['google', 'x'])
    OptionsController.setRemoteFeatures({ socials: false })
    expect(OptionsController.getSocials()).toEqual([])
  })

  it('branding shows until the remote configuration hides it', () => {
    expect(OptionsController.showBranding()).toBe(true)
    OptionsController.setRemoteFeatures({ branding: false })
    expect(OptionsController.showBranding()).toBe(false)
  })

  it('a custom feature order is followed', () => {
    OptionsController.setOptions({ features: { walletFeaturesOrder: ['send', 'receive'] } })
    expect(OptionsController.getWalletFeatures()).toEqual(['send', 'receive'])
  })
})
