import { BaseError as Original } from '@wagmi/core'
import { describe, expect, it } from 'vitest'
import { BaseError } from './wagmiBaseError'

/** The fields wagmi and the widget read of an error, beside its message. */
const fields = (error: Original | BaseError) => ({
  name: error.name,
  shortMessage: error.shortMessage,
  details: error.details,
  docsPath: error.docsPath,
  metaMessages: error.metaMessages,
  cause: error.cause,
})

const cases: [string, string, ConstructorParameters<typeof BaseError>[1]][] = [
  ['no options', 'Connector not connected.', {}],
  ['details', 'Provider not found.', { details: 'no window.ethereum' }],
  [
    'meta messages and a docs path',
    'Chain not configured.',
    { metaMessages: ['Add it.'], docsPath: '/api/x' },
  ],
  ['a plain cause', 'Switch failed.', { cause: new Error('user rejected') }],
  ['an empty short message', '', { details: 'x' }],
]

describe("the wallet chunk's BaseError", () => {
  for (const [name, shortMessage, options] of cases) {
    it(`has the original's fields: ${name}`, () => {
      expect(fields(new BaseError(shortMessage, options))).toEqual(
        fields(new Original(shortMessage, options as never)),
      )
    })
  }

  it("takes a wagmi cause's details and docs path, as the original does", () => {
    const inner = new BaseError('Inner.', { details: 'deep', docsPath: '/inner' })
    const original = new Original('Outer.', {
      cause: new Original('Inner.', { details: 'deep', docsPath: '/inner' }),
    })
    expect(fields(new BaseError('Outer.', { cause: inner }))).toEqual({ ...fields(original), cause: inner })
  })

  it('says the short message, the meta messages and the details, without a docs link or a version', () => {
    const error = new BaseError('Chain not configured.', {
      metaMessages: ['Add it.'],
      docsPath: '/api/x',
      details: 'chain 1',
    })
    expect(error.message).toBe('Chain not configured.\nAdd it.\nDetails: chain 1')
    expect(new Original('Chain not configured.').message).toMatch(/^Chain not configured\.\n\nVersion: /)
  })

  it('walks the cause chain as the original does', () => {
    const root = new Error('root')
    const chain = new BaseError('Outer.', { cause: new BaseError('Middle.', { cause: root }) })
    const original = new Original('Outer.', { cause: new Original('Middle.', { cause: root }) })
    expect(chain.walk()).toBe(root)
    expect(original.walk()).toBe(root)
    expect((chain.walk((error) => (error as Error).message.startsWith('Middle')) as Error).message).toMatch(
      /^Middle/,
    )
    expect(chain.walk(() => true)).toBe(chain)
  })
})
