import { describe, expect, it } from 'vitest'
import { encodeBase58Check } from './encodeBase58Check'
import { convertBits, encodeBech32 } from './encodeBech32'
import { encodeCashAddress } from './encodeCashAddress'
import { ledgerChains, sandboxAddress } from './sandboxAddress'
import { isChainAddress } from './isChainAddress'

const hash = Buffer.from('751e76e8199196d454941c45d1b3a323f1433bd6', 'hex')

describe('sandbox addresses', () => {
  it('match the published test vectors of bech32, CashAddr and Base58Check', () => {
    expect(encodeBech32('bc', [0, ...convertBits(hash, 8, 5)])).toBe(
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    )
    expect(encodeCashAddress(Buffer.from('76a04053bda0a88bda5177b86a15c3b29f559873', 'hex'))).toBe(
      'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a',
    )
    expect(encodeBase58Check(0, hash)).toBe('1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH')
  })

  it('are fixed per seed, distinct per seed and well-formed for their chain only', () => {
    for (const chain of ledgerChains) {
      const address = sandboxAddress({ chain, seed: 'dev:0' })
      expect(sandboxAddress({ chain, seed: 'dev:0' })).toBe(address)
      expect(sandboxAddress({ chain, seed: 'dev:1' })).not.toBe(address)
      expect(isChainAddress(chain, address)).toBe(true)
      for (const other of ledgerChains.filter((candidate) => candidate !== chain)) {
        expect(isChainAddress(other, address)).toBe(false)
      }
    }
  })
})
