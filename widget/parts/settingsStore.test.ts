import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { saveSlippage } from './saveSlippage'
import { readStoredSlippage, SLIPPAGE_KEY } from './settingsStore'

/** A `localStorage` as the browser keeps it: string values by key. */
function memoryStorage(): Storage {
  const values = new Map<string, string>()
  return {
    get length() {
      return values.size
    },
    key: (index) => [...values.keys()][index] ?? null,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
    clear: () => values.clear(),
  }
}

beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()))
afterEach(() => vi.unstubAllGlobals())

describe('the slippage kept for this site', () => {
  it('is auto until the user picks one, then that value, as typed', () => {
    expect(readStoredSlippage()).toBeUndefined()
    expect(saveSlippage('0.7')).toBe(true)
    expect(readStoredSlippage()).toBe('0.7')
  })

  it('goes back to auto when the user chooses auto', () => {
    saveSlippage('2')
    expect(saveSlippage(undefined)).toBe(true)
    expect(readStoredSlippage()).toBeUndefined()
    expect(localStorage.getItem(SLIPPAGE_KEY)).toBeNull()
  })

  it('refuses a value outside the contract’s (0, 50] and keeps the one before', () => {
    saveSlippage('1')
    for (const bad of ['0', '50.01', '-1', '1e1', 'abc', '']) expect(saveSlippage(bad)).toBe(false)
    expect(readStoredSlippage()).toBe('1')
    expect(saveSlippage('50')).toBe(true)
  })

  it('reads a stored value the API would refuse as auto, never sending it', () => {
    localStorage.setItem(SLIPPAGE_KEY, '75')
    expect(readStoredSlippage()).toBeUndefined()
  })

  it('holds nothing and throws nothing where storage is blocked', () => {
    const blocked = () => {
      throw new DOMException('blocked', 'SecurityError')
    }
    vi.stubGlobal('localStorage', { getItem: blocked, setItem: blocked, removeItem: blocked })
    expect(readStoredSlippage()).toBeUndefined()
    expect(saveSlippage('0.5')).toBe(true)
  })
})
