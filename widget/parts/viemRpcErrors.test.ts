import { BaseError, RpcRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import * as standIn from './viemRpcErrors'

// The module itself, which viem's package exports do not name (its entry leaves one class out).
const original = (await import(
  new URL('../../node_modules/viem/_esm/errors/rpc.js', import.meta.url).href
)) as typeof standIn
const names = Object.keys(standIn) as (keyof typeof standIn)[]
type AnyRpcError = standIn.RpcError & { data?: unknown }
type AnyClass = (new (cause: Error, options?: { method?: string }) => AnyRpcError) & { code?: number }
const classOf = (module: object, name: string) => (module as Record<string, AnyClass>)[name]!

/** What viem's transport and the widget read of an RPC error, beside its message. */
const fields = (error: AnyRpcError, module: object) => ({
  name: error.name,
  code: error.code,
  details: error.details,
  cause: error.cause,
  isRpcError: error instanceof classOf(module, 'RpcError'),
  isProviderRpcError: error instanceof classOf(module, 'ProviderRpcError'),
  isBaseError: error instanceof BaseError,
  data: error.data,
})

describe("the widget's viem RPC errors", () => {
  it("export every class of viem's errors/rpc.js, no more", async () => {
    expect(names.sort()).toEqual(Object.keys(original).sort())
  })

  for (const name of names.filter((name) => name !== 'RpcError' && name !== 'ProviderRpcError')) {
    it(`${name}: the original's class code and fields, with a short message of its own`, () => {
      const cause = new Error('the wallet said no')
      const mine = new (classOf(standIn, name))(cause)
      const theirs = new (classOf(original, name))(cause)
      expect(classOf(standIn, name).code).toBe(classOf(original, name).code)
      expect(fields(mine, standIn)).toEqual(fields(theirs, original))
      expect(mine.shortMessage.length).toBeGreaterThan(5)
      expect(mine.shortMessage.length).toBeLessThanOrEqual(theirs.shortMessage.length)
      expect(mine.walk()).toBe(cause)
    })
  }

  it("takes the code of a JSON-RPC error it wraps, as viem's does", () => {
    const cause = new RpcRequestError({ body: {}, error: { code: 4001, message: 'User denied' }, url: 'x' })
    expect(new standIn.InternalRpcError(cause).code).toBe(4001)
    expect(new original.InternalRpcError(cause).code).toBe(4001)
  })

  it('names the method where viem does', () => {
    const cause = new Error('nope')
    expect(new standIn.MethodNotFoundRpcError(cause, { method: 'eth_foo' }).shortMessage).toContain(
      '"eth_foo"',
    )
    expect(new standIn.UnsupportedProviderMethodError(cause, { method: 'eth_foo' }).shortMessage).toContain(
      '"eth_foo"',
    )
  })

  it('keeps the data a provider error carries', () => {
    const error = new standIn.ProviderRpcError(new Error('x'), {
      shortMessage: 'y',
      data: { a: 1 },
      code: 4001,
    })
    expect([error.data, error.code]).toEqual([{ a: 1 }, 4001])
  })
})
