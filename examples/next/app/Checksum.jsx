'use client'
import { useState } from 'react'

/** Runs portico/core in the page, loaded only when asked for. */
export function Checksum() {
  const [value, setValue] = useState('')
  async function run() {
    const { init, Address } = await import('portico/core')
    await init()
    setValue(Address.checksum('0xd8da6bf26964af9d7eed9e03e53415d37aa96045'))
  }
  return (
    <p>
      <button type="button" onClick={run}>Checksum</button> <output aria-label="EIP-55 checksum">{value}</output>
    </p>
  )
}
