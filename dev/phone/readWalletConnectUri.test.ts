import { expect, it } from 'vitest'
import { readWalletConnectUri } from './readWalletConnectUri'

const topic = '7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9'
const symKey = '587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303'
const now = 1_790_000_000_000
const uri = `wc:${topic}@2?relay-protocol=irn&symKey=${symKey}&expiryTimestamp=${now / 1000 + 300}`

it('accepts a v2 pairing URI, alone or carried by a native or universal deep link', () => {
  expect(readWalletConnectUri(`  ${uri}\n`, now)).toBe(uri)
  expect(readWalletConnectUri(`rainbow://wc?uri=${encodeURIComponent(uri)}`, now)).toBe(uri)
  expect(readWalletConnectUri(`https://link.example.com/wc?uri=${encodeURIComponent(uri)}`, now)).toBe(uri)
})

it('says what is wrong with anything else', () => {
  const read = (text: string) => () => readWalletConnectUri(text, now)
  expect(read('   ')).toThrow('Paste a WalletConnect link first')
  expect(read('hello')).toThrow('Not a WalletConnect link: it should start with "wc:"')
  expect(read('https://example.com/')).toThrow('Not a WalletConnect link: it should start with "wc:" or carry one as ?uri=')
  expect(read(`wc:${topic}@1?bridge=x&key=${symKey}`)).toThrow('Only WalletConnect v2 links can be paired (this one is version 1)')
  expect(read(`wc:abc@2?relay-protocol=irn&symKey=${symKey}`)).toThrow('The WalletConnect link has no valid pairing topic')
  expect(read(`wc:${topic}@2?relay-protocol=irn`)).toThrow('The WalletConnect link has no valid symKey')
  expect(read(`wc:${topic}@2?symKey=${symKey}`)).toThrow('The WalletConnect link names no relay protocol')
  expect(read(`wc:${topic}@2?relay-protocol=irn&symKey=${symKey}&expiryTimestamp=${now / 1000}`)).toThrow(
    'This WalletConnect link has expired: ask the app for a new QR code',
  )
})
