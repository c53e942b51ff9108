import { describe, expect, it } from 'vitest'
import { parseQueryString } from './parseQueryString'

const url = (query: string) => `https://x/api/sdk/v1/quote?${query}`

describe('parseQueryString', () => {
  it('decodes percent-encoding and + as a space, and leaves plain values as they are', () => {
    expect(parseQueryString(url('a=USD%20Coin&b=one+two&c=0xAbC'))).toEqual({
      a: 'USD Coin',
      b: 'one two',
      c: '0xAbC',
    })
  })

  it('drops empty values but still refuses a key given twice, empty or not', () => {
    expect(parseQueryString(url('a=&b=1&c'))).toEqual({ b: '1' })
    for (const query of ['a=&a=1', 'a=1&a=', 'a&a=1', 'a=1&a=2']) {
      expect(() => parseQueryString(url(query))).toThrow('Parameter "a" is given more than once')
    }
  })

  it('names the parameter whose value is malformed, and keeps __proto__ an ordinary key', () => {
    expect(() => parseQueryString(url('amount=%E0%A4%A'))).toThrow(
      'Malformed percent-encoding in parameter "amount"',
    )
    expect(() => parseQueryString(url('%zz=1'))).toThrow('Malformed percent-encoding in parameter name')
    const parsed = parseQueryString(url('__proto__=1'))
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype)
    expect(Object.entries(parsed)).toEqual([['__proto__', '1']])
  })
})
