import { describe, expect, it } from 'vitest'
import { errorStatus, isSwapError, SwapError } from '../errors'
import { ErrorBodySchema } from './error'

const step = {
  sellChain: 'BTC',
  sellToken: { caip: 'bip122:000000000019d6689c085ae165831e93/slip44:0', symbol: 'BTC' },
  buyChain: 'ETH',
  buyToken: { caip: 'eip155:1/slip44:60', symbol: 'ETH' },
  sellAmount: '0.1',
  buyAmount: '2.5',
  provider: 'thorchain',
  recipient: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
}

describe('ErrorBodySchema', () => {
  it('accepts the plain { error, code } body', () => {
    expect(
      ErrorBodySchema.safeParse({ error: 'Unsupported chain: FOO', code: 'UNKNOWN_CHAIN' }).success,
    ).toBe(true)
  })

  it('accepts NO_ROUTE with steps and stepsNote', () => {
    const body = {
      error: 'No route',
      code: 'NO_ROUTE',
      steps: [step, { ...step, sellChain: 'ETH' }],
      stepsNote: 'Indicative.',
    }
    expect(ErrorBodySchema.parse(body).steps).toHaveLength(2)
  })

  it('rejects steps whose elements are not steps', () => {
    expect(
      ErrorBodySchema.safeParse({ error: 'No route', code: 'NO_ROUTE', steps: [{ sellChain: 'BTC' }] })
        .success,
    ).toBe(false)
  })

  it('keeps unknown extra fields such as missingConfig', () => {
    const body = {
      error: 'Not configured',
      code: 'NOT_CONFIGURED',
      missingConfig: ['X402_FACILITATOR_URL'],
      extra: 1,
    }
    expect(ErrorBodySchema.parse(body)).toEqual(body)
  })

  it('rejects a code the contract does not name and an empty message', () => {
    expect(ErrorBodySchema.safeParse({ error: 'x', code: 'TEAPOT' }).success).toBe(false)
    expect(ErrorBodySchema.safeParse({ error: '', code: 'BAD_REQUEST' }).success).toBe(false)
  })
})

describe('SwapError', () => {
  it('answers with the status of its code', () => {
    const error = new SwapError({ code: 'UNKNOWN_TOKEN', message: 'Unknown token FOO on chain ETH' })
    expect(error.status).toBe(404)
    expect(error.name).toBe('SwapError')
    expect(isSwapError(error)).toBe(true)
    expect(isSwapError(new Error('x'))).toBe(false)
  })

  it('maps the contract section 7 codes to their statuses', () => {
    expect(errorStatus).toMatchObject({
      BAD_REQUEST: 400,
      UNSUPPORTED_PAIR: 400,
      UNKNOWN_CHAIN: 404,
      UNKNOWN_TOKEN: 404,
      NO_ROUTE: 404,
      RATE_LIMITED: 429,
      UPSTREAM_ERROR: 502,
    })
  })
})
