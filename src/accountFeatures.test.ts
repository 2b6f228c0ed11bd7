import { describe, expect, it } from 'vitest'
import { remoteFeaturesOf } from './accountFeatures'

describe('remoteFeaturesOf', () => {
  it('reads the project configuration: what it lists decides, multi-wallet is off unless listed', () => {
    expect(remoteFeaturesOf([])).toEqual({
      email: true, socials: ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'], swaps: true, onramp: true, activity: true, multiWallet: false, branding: true,
    })
    expect(remoteFeaturesOf([
      { id: 'email', isEnabled: false }, { id: 'social_login', isEnabled: true, config: ['github', 'google', 'myspace'] },
      { id: 'swap', isEnabled: false }, { id: 'onramp', isEnabled: false }, { id: 'activity', isEnabled: false },
      { id: 'multi_wallet', isEnabled: true }, { id: 'reown_branding', isEnabled: false },
    ])).toEqual({ email: false, socials: ['google', 'github'], swaps: false, onramp: false, activity: false, multiWallet: true, branding: false })
    expect(remoteFeaturesOf([{ id: 'social_login', isEnabled: false, config: ['google'] }]).socials).toBe(false)
  })
})
